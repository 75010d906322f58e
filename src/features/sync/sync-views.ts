import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RESOURCES, type ResourceName } from '#contract/registry.ts';
import type { OutboxEntry } from '@/data/db/local-types';
import { bannerView } from '@/features/banners/banner-view';
import { faqView } from '@/features/faq/faq-view';
import { feedbackView } from '@/features/feedback/feedback-view';
import { typeOfContentView, typeOfKnowledgeView } from '@/features/master-data/master-data-views';
import { departmentView, roleView, userView } from '@/features/users/user-views';
import type { AnyView } from '@/ui/resource/view-config';

/**
 * The sync page lists changes of every resource, so it is the one feature that knows every
 * resource's view (labels, widgets) to show and edit them.
 */
export const SYNC_VIEWS: Record<ResourceName, AnyView> = {
  Banner: bannerView,
  Faq: faqView,
  Feedback: feedbackView,
  TypeOfContent: typeOfContentView,
  TypeOfKnowledge: typeOfKnowledgeView,
  User: userView,
  Department: departmentView,
  Role: roleView,
};

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
