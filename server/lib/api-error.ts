import { STATUS } from '#contract/envelope.ts';

/** A refusal the client is meant to see: HTTP code, stable envelope status, message and data. */
export class ApiError extends Error {
  readonly httpStatus: number;
  readonly status: number;
  readonly data: unknown;
  readonly headers: Record<string, string>;
  constructor(httpStatus: number, status: number, message: string, data: unknown = null, headers = {}) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.status = status;
    this.data = data;
    this.headers = headers;
  }
}

export const unauthorized = () =>
  new ApiError(401, STATUS.unauthorized, 'Your session has ended. Please sign in again.');
export const forbidden = (message = 'You do not have permission to do this.') =>
  new ApiError(403, STATUS.forbidden, message);
export const notFound = (message = 'Not found.') => new ApiError(404, STATUS.notFound, message);
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError(429, STATUS.rateLimited, 'Too many requests. Please wait a moment and try again.', null, {
    'retry-after': String(retryAfterSeconds),
  });
