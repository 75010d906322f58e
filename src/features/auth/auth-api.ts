import type { LoginRequest, SessionData } from '#contract/auth.ts';
import type { MaintenanceState } from '#contract/maintenance-rule.ts';
import { httpFetch, readData, unexpectedAnswer } from '@/data/http/http-client';

// The sign-in page's calls. They read answers without zod to keep the page light (issue 14);
// the server validates every body, and session-store checks the session when the console reads it.

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const res = await httpFetch(`/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return readData(res);
}

export async function login(body: LoginRequest): Promise<SessionData> {
  const session = await call('POST', '/v1/Login/Login', body);
  if (typeof (session as SessionData | null)?.token !== 'string') throw unexpectedAnswer();
  return session as SessionData;
}

export const forgotPassword = (body: { companyCode: string; username: string }) =>
  call('POST', '/v1/Login/ForgotPassword', body);

export const resetPassword = (body: { token: string; newPassword: string }) =>
  call('POST', '/v1/Login/ResetPassword', body);

export async function getMaintenance(): Promise<MaintenanceState | null> {
  const data = (await call(
    'GET',
    '/v1/SettingMaintenance/GetSettingMaintenanceMessage',
  )) as MaintenanceState | null;
  return data && typeof data.message === 'string' ? data : null;
}
