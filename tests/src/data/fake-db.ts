import { openLocalDb } from '@/data/db/local-db';

/** A fresh database per test, so tests never share rows. */
export const testDb = () => openLocalDb('c1', `u-${crypto.randomUUID()}`);

export const faq = (question: string, extra: Record<string, unknown> = {}) => ({
  question,
  answer: `Answer to ${question}`,
  sendDate: '2025-01-01',
  ...extra,
});
