import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RESOURCES } from '#contract/registry.ts';
import type { OutboxEntry } from '@/data/db/local-types';

export const OP_LABELS: Record<OutboxEntry['op'], MessageDescriptor> = {
  create: msg`Added`,
  update: msg`Changed`,
  delete: msg`Deleted`,
};

/** What names the record: its first searchable field, from the change or the last known copy. */
export function entryTitle(entry: OutboxEntry): string {
  const field = RESOURCES[entry.resource].searchable[0];
  for (const source of [entry.payload, entry.theirs, entry.serverRow]) {
    const value = field ? source?.[field] : undefined;
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return entry.recordId.slice(-8);
}
