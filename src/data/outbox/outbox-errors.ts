import type { z } from 'zod';

export interface FieldIssue {
  /** Dotted path of the field ('' for the whole record). */
  path: string;
  message: string;
}

/** The payload broke the resource's contract rules; nothing was written. */
export class OutboxValidationError extends Error {
  readonly issues: FieldIssue[];
  constructor(issues: FieldIssue[]) {
    super(issues[0]?.message ?? 'Invalid record');
    this.name = 'OutboxValidationError';
    this.issues = issues;
  }
}

/** The device is out of storage for the console; the transaction was aborted, nothing half-written. */
export class StorageFullError extends Error {
  constructor(cause?: unknown) {
    super('The device has no room left to save this change.', { cause });
    this.name = 'StorageFullError';
  }
}

/** The change cannot apply to the local state (missing record, wrong entry state). */
export class OutboxStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboxStateError';
  }
}

export const toFieldIssues = (error: z.ZodError): FieldIssue[] =>
  error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

/** Dexie wraps the DOMException; either name means quota. */
export function isQuotaError(error: unknown): boolean {
  const e = error as { name?: string; inner?: { name?: string } } | null;
  return e?.name === 'QuotaExceededError' || e?.inner?.name === 'QuotaExceededError';
}
