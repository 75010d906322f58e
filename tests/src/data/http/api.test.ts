import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sessionData } from '#contract/auth.ts';
import { STATUS } from '#contract/envelope.ts';
import { type AuthFailure, apiGet, apiPost, onAuthFailure } from '@/data/http/api';
import { ApiError, NETWORK_ERROR } from '@/data/http/http-client';
import { getSession, setSession } from '@/data/session/session-store';
import { session } from '../../fixtures.ts';

const reply = (httpStatus: number, body: unknown) =>
  new Response(JSON.stringify(body), { status: httpStatus, headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
let failures: AuthFailure[];
let unsubscribe: () => void;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  failures = [];
  unsubscribe = onAuthFailure((f) => failures.push(f));
});

afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the bearer token from storage and returns the parsed data of a status-0 envelope', async () => {
    setSession(session({ token: 'secret-token' }));
    fetchMock.mockResolvedValue(reply(200, { status: 0, message: 'OK', data: { unread: 3 } }));
    const data = await apiPost('/v3/Notification/GetUnreadCount', {
      schema: z.object({ unread: z.number() }),
      body: { companyId: 'c1', userId: 'u1' },
    });
    expect(data).toEqual({ unread: 3 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v3/Notification/GetUnreadCount');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer secret-token');
    expect(init.body).toBe(JSON.stringify({ companyId: 'c1', userId: 'u1' }));
  });

  it('sends no Authorization header without a session and encodes the query', async () => {
    fetchMock.mockResolvedValue(reply(200, { status: 0, message: 'OK', data: null }));
    await apiGet('/v1/SettingMaintenance/GetSettingMaintenanceMessage', {
      schema: z.null(),
      query: { companyID: 'c 1', skipped: undefined },
    });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/SettingMaintenance/GetSettingMaintenanceMessage?companyID=c+1');
    expect(new Headers(init.headers).get('Authorization')).toBeNull();
  });

  it('throws ApiError with the envelope when status is not 0, even on HTTP 200', async () => {
    fetchMock.mockResolvedValue(
      reply(200, { status: STATUS.conflict, message: 'Changed elsewhere', data: { rev: 2 } }),
    );
    const error = await apiPost('/v1/X/Y', { schema: z.unknown() }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpStatus: 200,
      status: STATUS.conflict,
      message: 'Changed elsewhere',
      data: { rev: 2 },
    });
  });

  it('rejects an answer that does not match the contract schema', async () => {
    fetchMock.mockResolvedValue(reply(200, { status: 0, message: 'OK', data: { token: 1 } }));
    const error = await apiPost('/v1/Login/Login', { schema: sessionData }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(STATUS.server);
  });

  it('clears the session and reports it when a call with a token gets 401', async () => {
    setSession(session());
    fetchMock.mockResolvedValue(
      reply(401, { status: STATUS.unauthorized, message: 'Session expired', data: null }),
    );
    const error = await apiGet('/v1/Login/Session', { schema: sessionData }).catch((e) => e);
    expect(error).toMatchObject({ httpStatus: 401, status: STATUS.unauthorized });
    expect(getSession()).toBeNull();
    expect(failures).toEqual([{ kind: 'unauthorized' }]);
  });

  it('treats 401 on sign-in (no token yet) as wrong credentials, not as a lost session', async () => {
    const message = 'Sorry, your account or password is incorrect. Please try again.';
    fetchMock.mockResolvedValue(reply(401, { status: STATUS.invalidCredentials, message, data: null }));
    const error = await apiPost('/v1/Login/Login', { schema: sessionData, body: {} }).catch((e) => e);
    expect(error).toMatchObject({ httpStatus: 401, status: STATUS.invalidCredentials, message });
    expect(failures).toEqual([]);
  });

  it('signs out with the maintenance message on 503 maintenance', async () => {
    setSession(session());
    fetchMock.mockResolvedValue(
      reply(503, { status: STATUS.maintenance, message: 'Maintenance', data: { message: 'Back at 10:00' } }),
    );
    await apiGet('/v1/User/GetUserProfileWeb', { schema: z.unknown() }).catch(() => undefined);
    expect(getSession()).toBeNull();
    expect(failures).toEqual([{ kind: 'maintenance', message: 'Back at 10:00' }]);
  });

  it('reports a network failure as NETWORK_ERROR without signing out', async () => {
    setSession(session());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await apiGet('/v1/Login/Session', { schema: z.unknown() }).catch((e) => e);
    expect(error).toMatchObject({ status: NETWORK_ERROR });
    expect(getSession()).not.toBeNull();
    expect(failures).toEqual([]);
  });

  it('sends FormData as multipart, without a JSON content type', async () => {
    fetchMock.mockResolvedValue(reply(200, { status: 0, message: 'OK', data: null }));
    const form = new FormData();
    form.append('kind', 'image');
    await apiPost('/v1/File/UploadFile', { schema: z.null(), body: form });
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('Content-Type')).toBeNull();
  });
});
