import type { LocalRow } from '@/data/db/local-types';

/** A user as the course pages name them. */
export const userName = (row: LocalRow | undefined) =>
  row ? [row.prefix, row.firstName, row.lastName].filter(Boolean).join(' ') : '';
