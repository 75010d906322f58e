import { z } from 'zod';
import {
  forgotPasswordRequest,
  type LoginRequest,
  loginRequest,
  resetPasswordRequest,
  sessionData,
} from '#contract/auth.ts';
import { maintenanceData } from '#contract/maintenance.ts';
import { apiGet, apiPost } from '@/data/http/api';

export const login = (body: LoginRequest) =>
  apiPost('/v1/Login/Login', { schema: sessionData, body: loginRequest.parse(body) });

export const forgotPassword = (body: z.input<typeof forgotPasswordRequest>) =>
  apiPost('/v1/Login/ForgotPassword', { schema: z.unknown(), body: forgotPasswordRequest.parse(body) });

export const resetPassword = (body: z.input<typeof resetPasswordRequest>) =>
  apiPost('/v1/Login/ResetPassword', { schema: z.unknown(), body });

export const getMaintenance = (signal?: AbortSignal) =>
  apiGet('/v1/SettingMaintenance/GetSettingMaintenanceMessage', { schema: maintenanceData, signal });

export { resetPasswordRequest };
