CREATE TABLE "view_content_rollups" (
	"company_id" text NOT NULL,
	"span" smallint NOT NULL,
	"day" date NOT NULL,
	"content_id" uuid NOT NULL,
	"views" integer NOT NULL,
	"seconds" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"viewers" bit varying NOT NULL,
	CONSTRAINT "view_content_rollups_company_id_span_day_content_id_pk" PRIMARY KEY("company_id","span","day","content_id")
);
--> statement-breakpoint
CREATE TABLE "view_numbers" (
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"num" integer NOT NULL,
	CONSTRAINT "view_numbers_company_id_kind_id_pk" PRIMARY KEY("company_id","kind","id")
);
--> statement-breakpoint
CREATE TABLE "view_quarters" (
	"company_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "view_quarters_company_id_at_pk" PRIMARY KEY("company_id","at")
);
--> statement-breakpoint
CREATE TABLE "view_user_rollups" (
	"company_id" text NOT NULL,
	"span" smallint NOT NULL,
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	"views" integer NOT NULL,
	"seconds" bigint NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"contents" bit varying NOT NULL,
	CONSTRAINT "view_user_rollups_company_id_span_day_user_id_pk" PRIMARY KEY("company_id","span","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "view_content_rollups" ADD CONSTRAINT "view_content_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_numbers" ADD CONSTRAINT "view_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_quarters" ADD CONSTRAINT "view_quarters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_user_rollups" ADD CONSTRAINT "view_user_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "view_numbers_num_idx" ON "view_numbers" USING btree ("company_id","kind","num");--> statement-breakpoint
-- The rollups of view_events (docs/reports.md, "Performance"). Written by hand below drizzle-kit's
-- tables: the functions that keep them (view_rollups_add, called by recordView in the view's own
-- transaction) and rebuild them from the events (view_rollups_fill: this backfill, the demo seed
-- and the reports bench). Buckets are UTC days, UTC weeks (from Monday) and 15-minute UTC buckets.
CREATE FUNCTION "view_number"(p_company text, p_kind text, p_id text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE n integer;
BEGIN
  SELECT num INTO n FROM view_numbers WHERE company_id = p_company AND kind = p_kind AND id = p_id;
  IF n IS NULL THEN
    -- One giver of new numbers per company at a time: a second one waits, then reads again.
    PERFORM pg_advisory_xact_lock(hashtext('view_numbers ' || p_company));
    SELECT num INTO n FROM view_numbers WHERE company_id = p_company AND kind = p_kind AND id = p_id;
    IF n IS NULL THEN
      SELECT coalesce(max(num) + 1, 0) INTO n FROM view_numbers WHERE company_id = p_company AND kind = p_kind;
      INSERT INTO view_numbers (company_id, kind, id, num) VALUES (p_company, p_kind, p_id, n);
    END IF;
  END IF;
  RETURN n;
END $$;
--> statement-breakpoint
CREATE FUNCTION "view_rollups_add"(p_company text, p_user text, p_content uuid, p_seconds integer, p_at timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  u integer := view_number(p_company, 'user', p_user);
  c integer := view_number(p_company, 'content', p_content::text);
  -- A bitmap with one bit set, its length the multiple of 64 that holds it.
  content_bit varbit := set_bit(repeat('0', (c / 64 + 1) * 64)::varbit, c, 1);
  user_bit varbit := set_bit(repeat('0', (u / 64 + 1) * 64)::varbit, u, 1);
  v_day date := (p_at AT TIME ZONE 'UTC')::date;
  v_week date := date_trunc('week', p_at AT TIME ZONE 'UTC')::date;
BEGIN
  INSERT INTO view_user_rollups AS r (company_id, span, day, user_id, views, seconds, last_at, contents)
  VALUES (p_company, 1, v_day, p_user, 1, p_seconds, p_at, content_bit),
    (p_company, 7, v_week, p_user, 1, p_seconds, p_at, content_bit)
  ON CONFLICT (company_id, span, day, user_id) DO UPDATE SET
    views = r.views + 1, seconds = r.seconds + excluded.seconds, last_at = greatest(r.last_at, excluded.last_at),
    contents = CASE WHEN length(r.contents) > c THEN set_bit(r.contents, c, 1)
      ELSE (r.contents || repeat('0', length(excluded.contents) - length(r.contents))::varbit) | excluded.contents END;
  INSERT INTO view_content_rollups AS r (company_id, span, day, content_id, views, seconds, last_at, viewers)
  VALUES (p_company, 1, v_day, p_content, 1, p_seconds, p_at, user_bit),
    (p_company, 7, v_week, p_content, 1, p_seconds, p_at, user_bit)
  ON CONFLICT (company_id, span, day, content_id) DO UPDATE SET
    views = r.views + 1, seconds = r.seconds + excluded.seconds, last_at = greatest(r.last_at, excluded.last_at),
    viewers = CASE WHEN length(r.viewers) > u THEN set_bit(r.viewers, u, 1)
      ELSE (r.viewers || repeat('0', length(excluded.viewers) - length(r.viewers))::varbit) | excluded.viewers END;
  INSERT INTO view_quarters AS q (company_id, at, views)
  VALUES (p_company, date_bin('15 minutes', p_at, '2000-01-01 00:00+00'), 1)
  ON CONFLICT (company_id, at) DO UPDATE SET views = q.views + 1;
END $$;
--> statement-breakpoint
-- Its aggregates over every event of a company spill to temporary files with the default 4 MB
-- work_mem; 256 MB for this call alone made PGlite's fill of 100,000 views about 4x faster.
CREATE FUNCTION "view_rollups_fill"(p_company text) RETURNS void LANGUAGE plpgsql SET work_mem = '256MB' AS $$
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
--> statement-breakpoint
SELECT view_rollups_fill(c.id) FROM companies c WHERE EXISTS (SELECT 1 FROM view_events v WHERE v.company_id = c.id);
