import type { Scope, Tx } from './repository-types.ts';
import { topicRules } from './topic-rules.ts';

/**
 * Rules of one resource that need other rows (a parent that must exist, a delete that would
 * orphan something), checked by applyOp inside the write's transaction after the contract's
 * schema. A refusal throws ApiError 422 naming the field, so sync parks the change with the
 * message instead of opening the stale-revision dialog.
 */
export type ResourceRules = {
  beforeSave?: (tx: Tx, scope: Scope, id: string, fields: Record<string, unknown>) => Promise<void>;
  beforeDelete?: (tx: Tx, scope: Scope, id: string) => Promise<void>;
};

const RULES: Record<string, ResourceRules> = {
  Topic: topicRules,
};

export const rulesFor = (resource: string): ResourceRules => RULES[resource] ?? {};
