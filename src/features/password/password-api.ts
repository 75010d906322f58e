import { z } from 'zod';
import { changePasswordRequest } from '#contract/auth.ts';
import { apiPost } from '@/data/http/api';

export const changePassword = (body: z.input<typeof changePasswordRequest>) =>
  apiPost('/v2/Login/ChangePassword', { schema: z.unknown(), body: changePasswordRequest.parse(body) });
