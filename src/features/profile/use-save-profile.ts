import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '#contract/profile.ts';
import { updateSession } from '@/data/session/session-store';
import { profileKey, updateProfile, uploadImage } from '@/features/profile/profile-api';
import type { ProfileForm } from '@/features/profile/profile-form';
import { compressCanvas } from '@/ui/image/crop-image';

type Input = { profile: UserProfile; form: ProfileForm; image: HTMLCanvasElement | null };

/** Uploads the cropped image first (compressed), then saves the profile that refers to it. */
export function useSaveProfile(onSaved: (pendingEmail: string | null) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ profile, form, image }: Input) => {
      let profileImage = profile.profileImage;
      if (image) {
        const blob = await compressCanvas(image);
        const ext = blob.type === 'image/png' ? 'png' : 'jpg';
        profileImage = (await uploadImage(blob, `profile-${profile.userID}.${ext}`)).url;
      }
      const body = { ...form, userID: profile.userID, employeeID: profile.employeeID, profileImage };
      const saved = await updateProfile(body);
      return { ...body, pendingEmail: saved.pendingEmail ?? null };
    },
    onSuccess: (saved) => {
      updateSession({
        fullName: `${saved.firstName} ${saved.lastName}`.trim(),
        profilePicture: saved.profileImage,
      });
      void queryClient.invalidateQueries({ queryKey: profileKey(saved.userID) });
      onSaved(saved.pendingEmail);
    },
  });
}
