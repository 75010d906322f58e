import { can, type Permissions } from '#contract/permissions.ts';
import { findResource, RESOURCE_NAMES } from '#contract/registry.ts';
import type { ResourceDef } from '#contract/resource.ts';
import type { Db } from '../db/client.ts';
import { invalid, type RecordOut, toRecord } from './record-shape.ts';
import { repositoryFor } from './repository.ts';

type Caller = { companyId: string; userId: string; permissions: Permissions };
export type Changes = Record<string, { rows: RecordOut[]; cursor: string; more: boolean }>;

const SEQ = /^\d{1,18}$/;

/**
 * Rows and tombstones with a seq after each cursor ('' = from the start), oldest first, at most
 * `limit` per resource. Asked for no resource, it answers all; unreadable ones are left out.
 */
export async function pullChanges(db: Db, caller: Caller, cursors: Record<string, string>, limit: number) {
  const asked = Object.keys(cursors).length ? Object.keys(cursors) : RESOURCE_NAMES;
  const bad = asked.find((name) => cursors[name] && !SEQ.test(cursors[name]));
  if (bad)
    throw invalid([
      { path: `cursors.${bad}`, message: "Send the cursor of the last answer, or '' to start" },
    ]);
  const readable = asked.filter((name) => {
    const def = findResource(name) as ResourceDef | undefined;
    return def && can(caller.permissions, def.area, 'read');
  });
  const answers = await Promise.all(
    readable.map(async (resource) => {
      const after = cursors[resource] ? Number(cursors[resource]) : 0;
      const scope = { companyId: caller.companyId, userId: caller.userId, resource };
      const rows = await repositoryFor(resource).changes(db, scope, after, limit + 1);
      const more = rows.length > limit;
      const page = more ? rows.slice(0, limit) : rows;
      const cursor = page.length ? String(page[page.length - 1].seq) : (cursors[resource] ?? '');
      return [resource, { rows: page.map(toRecord), cursor, more }] as const;
    }),
  );
  return Object.fromEntries(answers) as Changes;
}
