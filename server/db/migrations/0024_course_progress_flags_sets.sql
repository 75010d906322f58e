-- The pair flags of migration 0023 computed for sets of progress rows by one statement (hash
-- joins) rather than row by row: a bulk insert of progress rows (the reports bench's 100,000 on
-- PGlite took minutes with 0023's per-row lookups) and a learner's write of an existing row (its
-- flags cannot move when its course and learner do not: kept as they are, no lookups).
-- Recomputes the flags of the progress rows named by the pairs (p_courses[i], p_users[i]): the
-- same rule as course_progress_flags (migration 0023), which tests/server/report-pairs.test.ts
-- checks row by row after each kind of write.
CREATE FUNCTION "course_progress_flags_refresh"(p_courses uuid[], p_users text[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  was text := coalesce(current_setting('course_progress.filling', true), '');
  n int := coalesce(array_length(p_courses, 1), 0);
  cur record;
  nxt record;
BEGIN
  IF n = 0 THEN RETURN; END IF;
  -- The rows' own trigger lets these values through (it would keep the old ones).
  PERFORM set_config('course_progress.filling', 'on', true);
  IF n <= 64 THEN
    -- A few rows (a learner's write, a post-test, a user's or an enrolment's change): one by one,
    -- by statements planned once per session (the set-based one below is planned on each call,
    -- 20 to 30 ms of planning at load 9 on the bench data, for a few index lookups).
    FOR i IN 1..n LOOP
      SELECT cp.company_id, cp.pair_live, cp.pair_audience, cp.pair_passed INTO cur FROM course_progress cp
      WHERE cp.course_id = p_courses[i] AND cp.user_id = p_users[i];
      CONTINUE WHEN NOT FOUND;
      SELECT * INTO nxt FROM course_progress_flags(cur.company_id, p_courses[i], p_users[i]);
      IF (cur.pair_live, cur.pair_audience, cur.pair_passed) IS DISTINCT FROM (nxt.live, nxt.audience, nxt.passed) THEN
        UPDATE course_progress cp SET pair_live = nxt.live, pair_audience = nxt.audience, pair_passed = nxt.passed
        WHERE cp.course_id = p_courses[i] AND cp.user_id = p_users[i];
      END IF;
    END LOOP;
    PERFORM set_config('course_progress.filling', was, true);
    RETURN;
  END IF;
  UPDATE course_progress cp SET pair_live = f.live, pair_audience = f.audience, pair_passed = f.passed
  FROM (
    SELECT p.course_id, p.user_id, u.id IS NOT NULL AS live,
      coalesce(u.active AND (
        coalesce((c.data ->> 'allUsers')::boolean, false)
        OR (jsonb_typeof(c.data -> 'departmentIds') = 'array' AND EXISTS (
          SELECT 1 FROM jsonb_array_elements_text(c.data -> 'departmentIds') d(id)
          WHERE d.id = u.department_id
            OR d.id IN (SELECT m.department_id FROM department_members m WHERE m.user_id = p.user_id)))
        OR EXISTS (SELECT 1 FROM records e
          WHERE e.company_id = p.company_id AND e.resource = 'Enrolment' AND e.deleted_at IS NULL
            AND e.data ->> 'courseId' = p.course_id::text AND e.data ->> 'userId' = p.user_id
            AND e.data ->> 'status' = 'enrolled')), false) AS audience,
      EXISTS (SELECT 1 FROM quiz_attempts q
        WHERE q.course_id = p.course_id AND q.user_id = p.user_id AND q.company_id = p.company_id
          AND q.slot = 'post' AND q.submitted_at IS NOT NULL AND q.passed) AS passed
    FROM (SELECT DISTINCT k.course_id, k.user_id FROM unnest(p_courses, p_users) k(course_id, user_id)) k
    JOIN course_progress p ON p.course_id = k.course_id AND p.user_id = k.user_id
    LEFT JOIN users u ON u.id = p.user_id AND u.company_id = p.company_id AND u.deleted_at IS NULL
    LEFT JOIN records c ON c.id = p.course_id AND c.resource = 'Course'
  ) f
  WHERE cp.course_id = f.course_id AND cp.user_id = f.user_id
    AND (cp.pair_live, cp.pair_audience, cp.pair_passed) IS DISTINCT FROM (f.live, f.audience, f.passed);
  PERFORM set_config('course_progress.filling', was, true);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "course_progress_flags_touch"(p_company text, p_course uuid, p_user text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  courses uuid[];
  learners text[];
BEGIN
  IF p_company IS NULL OR (p_course IS NULL AND p_user IS NULL) THEN RETURN; END IF;
  -- The company's lock (the one a records write takes, records-repository.ts), then the rows read
  -- by the statements below, each with a snapshot taken after it: a progress row inserted by a
  -- transaction that held it has committed and is refreshed here; one whose insert waits for it
  -- computes its flags after this write commits. Without it, an enrolment made while a learner's
  -- first progress row was being written (PostgreSQL, two connections) left that row's flags stale.
  PERFORM pg_advisory_xact_lock(hashtext(p_company));
  -- One statement per case (each plan uses its index).
  IF p_course IS NULL THEN
    SELECT array_agg(p.course_id), array_agg(p.user_id) INTO courses, learners FROM course_progress p
    WHERE p.company_id = p_company AND p.user_id = p_user;
  ELSIF p_user IS NULL THEN
    SELECT array_agg(p.course_id), array_agg(p.user_id) INTO courses, learners FROM course_progress p
    WHERE p.company_id = p_company AND p.course_id = p_course;
  ELSE
    courses := ARRAY[p_course];
    learners := ARRAY[p_user];
  END IF;
  PERFORM course_progress_flags_refresh(courses, learners);
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "course_progress_flags_fill"(p_company text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  courses uuid[];
  learners text[];
BEGIN
  SELECT array_agg(p.course_id), array_agg(p.user_id) INTO courses, learners FROM course_progress p
  WHERE p_company IS NULL OR p.company_id = p_company;
  PERFORM course_progress_flags_refresh(courses, learners);
END $$;--> statement-breakpoint
DROP TRIGGER "course_progress_flags_set" ON "course_progress";--> statement-breakpoint
DROP FUNCTION "course_progress_flags_set"();--> statement-breakpoint
-- A write of a progress row keeps its flags (they depend on its course and learner, not on its
-- instants), or computes them when its course or learner changes; the refresh's values pass.
CREATE FUNCTION "course_progress_flags_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('course_progress.filling', true) = 'on' THEN RETURN NEW; END IF;
  IF NEW.company_id = OLD.company_id AND NEW.course_id = OLD.course_id AND NEW.user_id = OLD.user_id THEN
    NEW.pair_live := OLD.pair_live;
    NEW.pair_audience := OLD.pair_audience;
    NEW.pair_passed := OLD.pair_passed;
  ELSE
    SELECT f.live, f.audience, f.passed INTO NEW.pair_live, NEW.pair_audience, NEW.pair_passed
    FROM course_progress_flags(NEW.company_id, NEW.course_id, NEW.user_id) f;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_progress_flags_keep" BEFORE UPDATE ON "course_progress"
  FOR EACH ROW EXECUTE FUNCTION course_progress_flags_keep();--> statement-breakpoint
-- New progress rows: their flags computed together, once per statement (whatever the insert gave
-- them is replaced where it differs).
CREATE FUNCTION "course_progress_flags_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The companies' locks first (see course_progress_flags_touch), in one order.
  PERFORM pg_advisory_xact_lock(hashtext(c.company_id))
  FROM (SELECT DISTINCT a.company_id FROM added a ORDER BY 1) c;
  PERFORM course_progress_flags_refresh(
    (SELECT array_agg(a.course_id) FROM added a), (SELECT array_agg(a.user_id) FROM added a));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_progress_flags_added" AFTER INSERT ON "course_progress"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION course_progress_flags_added();
