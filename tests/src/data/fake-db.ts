import { openLocalDb } from '@/data/db/local-db';
import type { LocalRow } from '@/data/db/local-types';

/** A fresh database per test, so tests never share rows. */
export const testDb = () => openLocalDb('c1', `u-${crypto.randomUUID()}`);

export const faq = (question: string, extra: Record<string, unknown> = {}) => ({
  question,
  answer: `Answer to ${question}`,
  sendDate: '2025-01-01',
  ...extra,
});

/** A stored local row with these fields (created and updated on 1 January 2030, live). */
export const localRow = (id: string, fields: Record<string, unknown>): LocalRow => ({
  id,
  rev: 1,
  createdAt: '2030-01-01',
  updatedAt: '2030-01-01',
  deletedAt: null,
  ...fields,
});
