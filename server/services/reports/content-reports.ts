import { type SQL, sql } from 'drizzle-orm';
import type { ReportAnswer } from '#contract/reports.ts';
import type { Db } from '../../db/client.ts';
import {
  contains,
  inDepartment,
  isoSql,
  type ParsedReportRequest,
  pageOf,
  rangeOf,
  viewsWhere,
  type Who,
} from './shared.ts';
import { coverOf, distinctSql, viewPartsSql, viewTotalsSql } from './view-rollups.ts';

const and = (conds: (SQL | undefined)[]) => {
  const list = conds.filter((c) => c !== undefined);
  return list.length ? sql.join(list, sql` and `) : sql`true`;
};

/** Live contents (articles, sounds, videos) of the company, of one kind when asked. */
const contentsSql = (companyId: string, req: ParsedReportRequest) => sql`
  select id, resource as kind, data ->> 'title' as title,
    nullif(data ->> 'typeOfContentId', '') as type_of_content_id,
    nullif(data ->> 'typeOfKnowledgeId', '') as type_of_knowledge_id
  from records
  where company_id = ${companyId} and deleted_at is null and ${
    req.contentKind ? sql`resource = ${req.contentKind}` : sql`resource in ('Article', 'Sound', 'Video')`
  }`;

/** Views of the company in the range, by users of the department when asked (alias `v`). */
const eventsWhere = (companyId: string, req: ParsedReportRequest) =>
  and([
    viewsWhere(companyId, rangeOf(req), 'v'),
    req.contentKind ? sql`v.content_resource = ${req.contentKind}` : undefined,
    req.departmentId ? inDepartment(sql`v.user_id`, companyId, req.departmentId) : undefined,
  ]);

/**
 * The events grouped per content and viewer before any join: a hash aggregate over the events
 * alone (joining a million events to the contents first let the planner pick a nested loop).
 */
const perViewer = (companyId: string, req: ParsedReportRequest) => sql`
  select v.content_id, v.user_id, count(*) as n, sum(v.seconds) as s, max(v.viewed_at) as last_at
  from view_events v where ${eventsWhere(companyId, req)} group by v.content_id, v.user_id`;

/** Live master-data values of one resource of the company: id and name. */
const typesSql = (companyId: string, resource: 'TypeOfContent' | 'TypeOfKnowledge') => sql`
  select id::text as id, data ->> 'name' as name from records
  where company_id = ${companyId} and resource = ${resource} and deleted_at is null`;

/**
 * Views per type (`contents` CTE: id, type_id) with a department filter: from the events, per
 * viewer first (the rollups do not split a content's views by department).
 */
const perTypeOfDepartment = (companyId: string, req: ParsedReportRequest) => sql`
  select type_id, sum(n)::int as views, count(*)::int as viewers, sum(s)::float8 as seconds
  from (
    select c.type_id, v.user_id, sum(v.n) as n, sum(v.s) as s
    from (${perViewer(companyId, req)}) v join contents c on c.id = v.content_id
    group by c.type_id, v.user_id
  ) per_viewer group by type_id`;

/**
 * Views per type from the rollups (CTE `parts`: viewPartsSql per content): per type the sums, the
 * OR of its contents' viewer bitmaps and the edge viewers not in it.
 */
const perTypeOfRollups = sql`
  select t.type_id, t.views::int as views, ${distinctSql(sql`t.bits`, sql`e.nums`)}::int as viewers,
    t.seconds::float8 as seconds
  from (
    select c.type_id, sum(p.views) as views, sum(p.seconds) as seconds, bit_or(p.bits) as bits
    from parts p join contents c on c.id = p.content_id group by c.type_id
  ) t left join (
    select c.type_id, array_agg(distinct k) as nums
    from parts p join contents c on c.id = p.content_id cross join unnest(p.nums) k group by c.type_id
  ) e on e.type_id is not distinct from t.type_id`;

/**
 * by-type-of-content / by-type-of-knowledge: one row per master-data value of the company, and one
 * (typeId null, type '') for contents with none set or a deleted one when it has contents or
 * views; per row the live contents of that type and their views in the range, distinct viewers,
 * seconds.
 */
async function byType(
  name: 'ByTypeOfContent' | 'ByTypeOfKnowledge',
  db: Db,
  who: Who,
  req: ParsedReportRequest,
  now: Date,
) {
  const resource = name === 'ByTypeOfContent' ? 'TypeOfContent' : 'TypeOfKnowledge';
  const column = sql.raw(name === 'ByTypeOfContent' ? 'type_of_content_id' : 'type_of_knowledge_id');
  const ctes = sql`types as (${typesSql(who.companyId, resource)}),
    contents as (select ct.id, t.id as type_id from (${contentsSql(who.companyId, req)}) ct
      left join types t on t.id = ct.${column}),
    ${
      req.departmentId
        ? sql`per_type as (${perTypeOfDepartment(who.companyId, req)}),`
        : sql`parts as (${viewPartsSql(who.companyId, await coverOf(db, rangeOf(req)), 'content')}),
          per_type as (${perTypeOfRollups}),`
    }
    counts as (select type_id, count(*)::int as contents from contents group by type_id),`;
  const base = sql`
    select t.id as "typeId", t.name as type, coalesce(n.contents, 0) as contents,
      coalesce(p.views, 0) as views, coalesce(p.viewers, 0) as viewers, coalesce(p.seconds, 0) as seconds,
      coalesce(t.id, '') as type_key
    from (select id, name from types union all select null, '') t
    left join counts n on n.type_id is not distinct from t.id
    left join per_type p on p.type_id is not distinct from t.id
    where t.id is not null or n.contents > 0 or p.views > 0`;
  const answer = await pageOf(db, name, req, base, 'type_key', now, ctes);
  return {
    ...answer,
    items: answer.items.map(({ type_key: _, ...r }: Record<string, unknown>) => r) as typeof answer.items,
  };
}

export const byTypeOfContent = (db: Db, who: Who, req: ParsedReportRequest, now: Date) =>
  byType('ByTypeOfContent', db, who, req, now) as Promise<ReportAnswer<'ByTypeOfContent'>>;
export const byTypeOfKnowledge = (db: Db, who: Who, req: ParsedReportRequest, now: Date) =>
  byType('ByTypeOfKnowledge', db, who, req, now) as Promise<ReportAnswer<'ByTypeOfKnowledge'>>;

/**
 * content-viewing: every live content of the company (filtered by kind, types and title) with
 * its views in the range (by the department's users when asked): views, distinct viewers,
 * seconds, last view. Contents without views are listed with zeros. Without a department the
 * views come from the rollups (view-rollups.ts).
 */
export async function contentViewing(
  db: Db,
  who: Who,
  req: ParsedReportRequest,
  now: Date,
): Promise<ReportAnswer<'ContentViewing'>> {
  const ctes = sql`contents as (${contentsSql(who.companyId, req)}),
    toc as (${typesSql(who.companyId, 'TypeOfContent')}),
    tok as (${typesSql(who.companyId, 'TypeOfKnowledge')}),`;
  const base = sql`
    select c.id::text as "contentId", c.title, c.kind,
      coalesce(toc.name, '') as "typeOfContent", coalesce(tok.name, '') as "typeOfKnowledge",
      coalesce(v.views, 0) as views, coalesce(v.viewers, 0) as viewers, coalesce(v.seconds, 0) as seconds,
      ${isoSql(sql`v.last_at`)} as "lastViewedAt"
    from contents c
    left join toc on toc.id = c.type_of_content_id
    left join tok on tok.id = c.type_of_knowledge_id
    left join (${
      req.departmentId
        ? // By the department's users: from the events, per content and viewer first (hash
          // aggregates, so no count(distinct) sorts every event).
          sql`select content_id, sum(n)::int as views, count(*)::int as viewers,
            sum(s)::float8 as seconds, max(last_at) as last_at
          from (${perViewer(who.companyId, req)}) per_viewer group by content_id`
        : sql`select content_id, views, n_distinct as viewers, seconds, last_at
          from (${viewTotalsSql(who.companyId, await coverOf(db, rangeOf(req)), 'content')}) t`
    }) v on v.content_id = c.id
    where ${and([
      req.typeOfContentId ? sql`c.type_of_content_id = ${req.typeOfContentId}` : undefined,
      req.typeOfKnowledgeId ? sql`c.type_of_knowledge_id = ${req.typeOfKnowledgeId}` : undefined,
      req.search ? sql`c.title ilike ${contains(req.search)}` : undefined,
    ])}`;
  return pageOf(db, 'ContentViewing', req, base, 'contentId', now, ctes);
}
