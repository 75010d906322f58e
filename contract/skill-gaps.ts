// The skill chart's arithmetic, shared by the console's matrix and the server's learner call:
// which assessment counts, what each person needs, and the gap between the two.

export type Gap = 'meets' | 'below' | 'notAssessed' | 'expired' | 'notRequired';
export const GAPS: readonly Gap[] = ['meets', 'below', 'expired', 'notAssessed', 'notRequired'];

export type AssessmentLike = {
  id: string;
  userId: string;
  skillId: string;
  level: number;
  assessedOn: string;
  dueOn: string;
};
export type RequirementLike = { positionId: string; skillId: string; level: number };
export type PositionLike = { id: string; holderIds: readonly string[] };

export const cellKey = (userId: string, skillId: string) => `${userId}\u0000${skillId}`;

/**
 * Whether `a` replaces `b` as the assessment that counts: the later assessment date wins; on the
 * same date the later entry (ids are UUIDv7, so they sort in creation order).
 */
export const supersedes = (a: AssessmentLike, b: AssessmentLike) =>
  a.assessedOn > b.assessedOn || (a.assessedOn === b.assessedOn && a.id > b.id);

/** The assessment that counts per person and skill, keyed by cellKey. */
export function latestAssessments<T extends AssessmentLike>(rows: Iterable<T>): Map<string, T> {
  const latest = new Map<string, T>();
  for (const row of rows) {
    const key = cellKey(row.userId, row.skillId);
    const seen = latest.get(key);
    if (!seen || supersedes(row, seen)) latest.set(key, row);
  }
  return latest;
}

/** What each person needs: per user and skill, the highest level any of their positions requires. */
export function requiredLevels(
  positions: Iterable<PositionLike>,
  requirements: Iterable<RequirementLike>,
): Map<string, Map<string, number>> {
  const byPosition = new Map<string, RequirementLike[]>();
  for (const r of requirements) {
    const list = byPosition.get(r.positionId);
    if (list) list.push(r);
    else byPosition.set(r.positionId, [r]);
  }
  const needs = new Map<string, Map<string, number>>();
  for (const p of positions) {
    const reqs = byPosition.get(p.id);
    if (!reqs) continue;
    for (const userId of p.holderIds) {
      let mine = needs.get(userId);
      if (!mine) {
        mine = new Map();
        needs.set(userId, mine);
      }
      for (const r of reqs) if ((mine.get(r.skillId) ?? 0) < r.level) mine.set(r.skillId, r.level);
    }
  }
  return needs;
}

/**
 * The gap of one cell on `today` (YYYY-MM-DD): a result past its re-assessment date no longer
 * counts ("expired"), whatever its level.
 */
export function gapOf(required: number | undefined, latest: AssessmentLike | undefined, today: string): Gap {
  if (!required) return 'notRequired';
  if (!latest) return 'notAssessed';
  if (latest.dueOn && latest.dueOn < today) return 'expired';
  return latest.level >= required ? 'meets' : 'below';
}

/** Today's date in the caller's clock as YYYY-MM-DD (local time, the way people read dates). */
export function localDay(now = new Date()) {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
