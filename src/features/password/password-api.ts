import { z } from 'zod';
import { apiPost } from '@/data/api';
import { changePasswordRequest } from '../../../contract/auth.ts';

export const changePassword = (body: z.input<typeof changePasswordRequest>) =>
  apiPost('/v2/Login/ChangePassword', { schema: z.unknown(), body: changePasswordRequest.parse(body) });
