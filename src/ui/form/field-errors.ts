import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/data/http/http-client';
import { OutboxValidationError } from '@/data/outbox/outbox-errors';

type Issue = { path: string; message: string };

const isIssues = (v: unknown): v is Issue[] =>
  Array.isArray(v) && v.every((i) => typeof i?.path === 'string' && typeof i?.message === 'string');

/**
 * Field -> first message of a write refused for its fields: the API's 422 (`data.fields`) or the
 * outbox's check of the same contract. Null when the refusal names no field.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  const fields =
    error instanceof OutboxValidationError
      ? error.issues
      : error instanceof ApiError
        ? (error.data as { fields?: unknown } | null)?.fields
        : null;
  if (!isIssues(fields) || !fields.length) return null;
  const errors: Record<string, string> = {};
  for (const { path, message } of fields) errors[path.split('.')[0] ?? ''] ??= message;
  return errors;
}

/** Puts a refusal's field messages on the form's fields; false when it names none. */
export function setFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown): boolean {
  const errors = fieldErrorsOf(error);
  if (!errors) return false;
  for (const [field, message] of Object.entries(errors)) {
    setError(field as Path<T>, { type: 'server', message }, { shouldFocus: false });
  }
  return true;
}
