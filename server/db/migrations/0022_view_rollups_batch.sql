-- The rollups of migration 0021 take a batch of new views in one call (recordViews: the learner's
-- one view, the demo seed's 90 days), by set-based statements like view_rollups_fill's instead of
-- view_rollups_add's few statements per view. Same rows as a rebuild by view_rollups_fill.
CREATE FUNCTION "view_rollups_add_events"(p_company text, p_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  content_one varbit;
  user_one varbit;
BEGIN
  -- Numbers for the viewers and contents seen for the first time, in the order of their first
  -- view. One giver of new numbers per company at a time (as view_number): the inserts run after
  -- the lock, so they see the numbers given by a transaction that held it before.
  IF EXISTS (
    SELECT 1 FROM view_events v WHERE v.id = ANY(p_ids) AND (
      NOT EXISTS (SELECT 1 FROM view_numbers n WHERE n.company_id = p_company AND n.kind = 'user' AND n.id = v.user_id)
      OR NOT EXISTS (SELECT 1 FROM view_numbers n
        WHERE n.company_id = p_company AND n.kind = 'content' AND n.id = v.content_id::text))
  ) THEN
    PERFORM pg_advisory_xact_lock(hashtext('view_numbers ' || p_company));
    INSERT INTO view_numbers (company_id, kind, id, num)
    SELECT p_company, 'user', x.id,
      (coalesce((SELECT max(num) FROM view_numbers WHERE company_id = p_company AND kind = 'user'), -1)
        + row_number() OVER (ORDER BY x.first, x.id))::int
    FROM (SELECT user_id AS id, min(viewed_at) AS first FROM view_events WHERE id = ANY(p_ids) GROUP BY user_id) x
    WHERE NOT EXISTS (SELECT 1 FROM view_numbers n WHERE n.company_id = p_company AND n.kind = 'user' AND n.id = x.id);
    INSERT INTO view_numbers (company_id, kind, id, num)
    SELECT p_company, 'content', x.id,
      (coalesce((SELECT max(num) FROM view_numbers WHERE company_id = p_company AND kind = 'content'), -1)
        + row_number() OVER (ORDER BY x.first, x.id))::int
    FROM (SELECT content_id::text AS id, min(viewed_at) AS first FROM view_events WHERE id = ANY(p_ids) GROUP BY content_id) x
    WHERE NOT EXISTS (SELECT 1 FROM view_numbers n WHERE n.company_id = p_company AND n.kind = 'content' AND n.id = x.id);
  END IF;
  -- A 1 then zeros, as long as every bitmap of the company; shifted right by a number, its bit.
  SELECT ('1' || repeat('0', (coalesce(max(num), 0) / 64 + 1) * 64 - 1))::varbit INTO content_one
  FROM view_numbers WHERE company_id = p_company AND kind = 'content';
  SELECT ('1' || repeat('0', (coalesce(max(num), 0) / 64 + 1) * 64 - 1))::varbit INTO user_one
  FROM view_numbers WHERE company_id = p_company AND kind = 'user';
  -- Days and weeks at once; a stored bitmap and a new one are ORed at the longer one's length.
  INSERT INTO view_user_rollups AS r (company_id, span, day, user_id, views, seconds, last_at, contents)
  SELECT p_company, s.span,
    CASE s.span WHEN 1 THEN (v.viewed_at AT TIME ZONE 'UTC')::date
      ELSE date_trunc('week', v.viewed_at AT TIME ZONE 'UTC')::date END,
    v.user_id, count(*)::int, sum(v.seconds), max(v.viewed_at), bit_or(content_one >> n.num)
  FROM view_events v
  JOIN view_numbers n ON n.company_id = p_company AND n.kind = 'content' AND n.id = v.content_id::text
  CROSS JOIN (VALUES (1::smallint), (7::smallint)) s(span)
  WHERE v.id = ANY(p_ids)
  GROUP BY 2, 3, 4
  ON CONFLICT (company_id, span, day, user_id) DO UPDATE SET
    views = r.views + excluded.views, seconds = r.seconds + excluded.seconds,
    last_at = greatest(r.last_at, excluded.last_at),
    contents = (r.contents || repeat('0', greatest(length(excluded.contents) - length(r.contents), 0))::varbit)
      | (excluded.contents || repeat('0', greatest(length(r.contents) - length(excluded.contents), 0))::varbit);
  INSERT INTO view_content_rollups AS r (company_id, span, day, content_id, views, seconds, last_at, viewers)
  SELECT p_company, s.span,
    CASE s.span WHEN 1 THEN (v.viewed_at AT TIME ZONE 'UTC')::date
      ELSE date_trunc('week', v.viewed_at AT TIME ZONE 'UTC')::date END,
    v.content_id, count(*)::int, sum(v.seconds), max(v.viewed_at), bit_or(user_one >> n.num)
  FROM view_events v
  JOIN view_numbers n ON n.company_id = p_company AND n.kind = 'user' AND n.id = v.user_id
  CROSS JOIN (VALUES (1::smallint), (7::smallint)) s(span)
  WHERE v.id = ANY(p_ids)
  GROUP BY 2, 3, 4
  ON CONFLICT (company_id, span, day, content_id) DO UPDATE SET
    views = r.views + excluded.views, seconds = r.seconds + excluded.seconds,
    last_at = greatest(r.last_at, excluded.last_at),
    viewers = (r.viewers || repeat('0', greatest(length(excluded.viewers) - length(r.viewers), 0))::varbit)
      | (excluded.viewers || repeat('0', greatest(length(r.viewers) - length(excluded.viewers), 0))::varbit);
  INSERT INTO view_quarters AS q (company_id, at, views)
  SELECT p_company, date_bin('15 minutes', viewed_at, '2000-01-01 00:00+00'), count(*)::int
  FROM view_events WHERE id = ANY(p_ids) GROUP BY 2
  ON CONFLICT (company_id, at) DO UPDATE SET views = q.views + excluded.views;
END $$;
--> statement-breakpoint
DROP FUNCTION "view_rollups_add"(text, text, uuid, integer, timestamptz);
