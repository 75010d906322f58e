-- view_rollups_fill (migration 0021) joins every event of the company with view_numbers, filled a
-- moment before in the same call. Without statistics (a new table; PGlite has no autovacuum and
-- a bulk load has not been analysed yet) the planner took view_numbers for one row and chose a
-- nested loop that read every event once per content: on the reports bench (1,000,000 events)
-- the fill took 463 s on PostgreSQL and about 24 minutes on PGlite, against 2 s for each join as
-- a hash join. The numbers are analysed once written, and this function's joins are hash joins.
CREATE OR REPLACE FUNCTION "view_rollups_fill"(p_company text) RETURNS void LANGUAGE plpgsql
  SET work_mem = '256MB' SET enable_nestloop = off AS $$
DECLARE
  content_one varbit;
  user_one varbit;
BEGIN
  DELETE FROM view_user_rollups WHERE company_id = p_company;
  DELETE FROM view_content_rollups WHERE company_id = p_company;
  DELETE FROM view_quarters WHERE company_id = p_company;
  DELETE FROM view_numbers WHERE company_id = p_company;
  -- Numbers in the order of the first views.
  INSERT INTO view_numbers (company_id, kind, id, num)
  SELECT p_company, 'user', user_id, (row_number() OVER (ORDER BY min(viewed_at), user_id) - 1)::int
  FROM view_events WHERE company_id = p_company GROUP BY user_id;
  INSERT INTO view_numbers (company_id, kind, id, num)
  SELECT p_company, 'content', content_id::text, (row_number() OVER (ORDER BY min(viewed_at), content_id) - 1)::int
  FROM view_events WHERE company_id = p_company GROUP BY content_id;
  -- The joins below read these numbers: statistics for them, written a moment ago.
  ANALYZE view_numbers;
  -- A 1 then zeros, as long as every bitmap of the company; shifted right by a number, its bit.
  SELECT ('1' || repeat('0', (coalesce(max(num), 0) / 64 + 1) * 64 - 1))::varbit INTO content_one
  FROM view_numbers WHERE company_id = p_company AND kind = 'content';
  SELECT ('1' || repeat('0', (coalesce(max(num), 0) / 64 + 1) * 64 - 1))::varbit INTO user_one
  FROM view_numbers WHERE company_id = p_company AND kind = 'user';
  INSERT INTO view_user_rollups (company_id, span, day, user_id, views, seconds, last_at, contents)
  SELECT p_company, 1, (v.viewed_at AT TIME ZONE 'UTC')::date, v.user_id, count(*)::int, sum(v.seconds),
    max(v.viewed_at), bit_or(content_one >> n.num)
  FROM view_events v JOIN view_numbers n ON n.company_id = p_company AND n.kind = 'content' AND n.id = v.content_id::text
  WHERE v.company_id = p_company
  GROUP BY 3, v.user_id;
  INSERT INTO view_content_rollups (company_id, span, day, content_id, views, seconds, last_at, viewers)
  SELECT p_company, 1, (v.viewed_at AT TIME ZONE 'UTC')::date, v.content_id, count(*)::int, sum(v.seconds),
    max(v.viewed_at), bit_or(user_one >> n.num)
  FROM view_events v JOIN view_numbers n ON n.company_id = p_company AND n.kind = 'user' AND n.id = v.user_id
  WHERE v.company_id = p_company
  GROUP BY 3, v.content_id;
  -- Weeks from the days.
  INSERT INTO view_user_rollups (company_id, span, day, user_id, views, seconds, last_at, contents)
  SELECT p_company, 7, date_trunc('week', day::timestamp)::date, user_id, sum(views)::int, sum(seconds), max(last_at), bit_or(contents)
  FROM view_user_rollups WHERE company_id = p_company AND span = 1 GROUP BY 3, user_id;
  INSERT INTO view_content_rollups (company_id, span, day, content_id, views, seconds, last_at, viewers)
  SELECT p_company, 7, date_trunc('week', day::timestamp)::date, content_id, sum(views)::int, sum(seconds), max(last_at), bit_or(viewers)
  FROM view_content_rollups WHERE company_id = p_company AND span = 1 GROUP BY 3, content_id;
  INSERT INTO view_quarters (company_id, at, views)
  SELECT p_company, date_bin('15 minutes', viewed_at, '2000-01-01 00:00+00'), count(*)::int
  FROM view_events WHERE company_id = p_company GROUP BY 2;
END $$;
