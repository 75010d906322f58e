import { uploadedFile } from '#contract/files.ts';
import {
  getUserProfileQuery,
  type UpdateUserProfileRequest,
  updateUserProfileRequest,
  userProfile,
} from '#contract/profile.ts';
import { apiGet, apiPost } from '@/data/http/api';

export const profileKey = (userID: string) => ['profile', userID] as const;

export const getProfile = (userID: string, signal?: AbortSignal) =>
  apiGet('/v1/User/GetUserProfileWeb', {
    schema: userProfile,
    query: getUserProfileQuery.parse({ userID }),
    signal,
  });

export const updateProfile = (body: UpdateUserProfileRequest) =>
  apiPost('/v1/User/UpdateUserProfileWeb', {
    schema: userProfile,
    body: updateUserProfileRequest.parse(body),
  });

export function uploadImage(blob: Blob, fileName: string) {
  const form = new FormData();
  form.append('kind', 'image');
  form.append('file', blob, fileName);
  return apiPost('/v1/File/UploadFile', { schema: uploadedFile, body: form });
}
