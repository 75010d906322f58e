-- The course reports' pass over the progress rows (docs/reports.md, "Performance") reads, on each
-- progress row, what it would otherwise join the learners, their departments, the enrolments and
-- the post-tests for: whether its learner is live (a user of the row's company, not deleted),
-- whether the learner is in the course's audience (active, and the course is for all users, or one
-- of the learner's departments, main or member, is one of the course's, or an enrolment of status
-- 'enrolled' that is not deleted names the pair: course-audience.ts), and whether a submitted
-- post-test attempt of the pair passed. Nothing here depends on the clock or the course's dates:
-- the reports compute the state at read time.
-- Kept in the transaction of every write that moves them, by triggers: the progress row's own
-- writes compute its flags (BEFORE), and a write of a user, a group membership, a course's
-- audience, an enrolment or a post-test attempt recomputes the flags of the progress rows it
-- concerns (by an UPDATE that fires that BEFORE trigger). course_progress_flags_fill(company)
-- rebuilds them from scratch (the backfill below, and tests/server/report-pairs.test.ts).
ALTER TABLE "course_progress" ADD COLUMN "pair_live" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_progress" ADD COLUMN "pair_audience" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "course_progress" ADD COLUMN "pair_passed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "records_enrolment_pair_idx" ON "records" ("company_id", (data ->> 'courseId'), (data ->> 'userId')) WHERE "resource" = 'Enrolment';--> statement-breakpoint
CREATE FUNCTION "course_progress_flags"(p_company text, p_course uuid, p_user text,
  OUT live boolean, OUT audience boolean, OUT passed boolean) LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_active boolean;
  v_department text;
  v_course jsonb;
BEGIN
  SELECT u.active, u.department_id INTO v_active, v_department FROM users u
  WHERE u.id = p_user AND u.company_id = p_company AND u.deleted_at IS NULL;
  live := FOUND;
  audience := false;
  IF live AND v_active THEN
    SELECT r.data INTO v_course FROM records r WHERE r.id = p_course AND r.resource = 'Course';
    audience := coalesce((v_course ->> 'allUsers')::boolean, false)
      OR (jsonb_typeof(v_course -> 'departmentIds') = 'array' AND EXISTS (
        SELECT 1 FROM jsonb_array_elements_text(v_course -> 'departmentIds') d(id)
        WHERE d.id = v_department
          OR d.id IN (SELECT m.department_id FROM department_members m WHERE m.user_id = p_user)))
      OR EXISTS (SELECT 1 FROM records e
        WHERE e.company_id = p_company AND e.resource = 'Enrolment' AND e.deleted_at IS NULL
          AND e.data ->> 'courseId' = p_course::text AND e.data ->> 'userId' = p_user
          AND e.data ->> 'status' = 'enrolled');
  END IF;
  passed := EXISTS (SELECT 1 FROM quiz_attempts q
    WHERE q.course_id = p_course AND q.user_id = p_user AND q.company_id = p_company
      AND q.slot = 'post' AND q.submitted_at IS NOT NULL AND q.passed);
END $$;--> statement-breakpoint
CREATE FUNCTION "course_progress_flags_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('course_progress.filling', true) = 'on' THEN RETURN NEW; END IF;
  SELECT f.live, f.audience, f.passed INTO NEW.pair_live, NEW.pair_audience, NEW.pair_passed
  FROM course_progress_flags(NEW.company_id, NEW.course_id, NEW.user_id) f;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_progress_flags_set" BEFORE INSERT OR UPDATE ON "course_progress"
  FOR EACH ROW EXECUTE FUNCTION course_progress_flags_set();--> statement-breakpoint
-- Recomputes the flags of the progress rows of a learner (p_course null: every course) or of a
-- course (p_user null: every learner) of a company.
CREATE FUNCTION "course_progress_flags_touch"(p_company text, p_course uuid, p_user text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_company IS NULL OR (p_course IS NULL AND p_user IS NULL) THEN RETURN; END IF;
  IF p_course IS NULL THEN
    UPDATE course_progress SET pair_live = pair_live WHERE company_id = p_company AND user_id = p_user;
  ELSIF p_user IS NULL THEN
    UPDATE course_progress SET pair_live = pair_live WHERE company_id = p_company AND course_id = p_course;
  ELSE
    UPDATE course_progress SET pair_live = pair_live
    WHERE course_id = p_course AND user_id = p_user AND company_id = p_company;
  END IF;
END $$;--> statement-breakpoint
-- A text that names a course as a uuid (an enrolment's courseId), else null.
CREATE FUNCTION "course_progress_uuid"(p text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN p::uuid END
$$;--> statement-breakpoint
CREATE FUNCTION "course_progress_flags_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.active IS DISTINCT FROM NEW.active
      OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.department_id IS DISTINCT FROM NEW.department_id
      OR OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.id IS DISTINCT FROM NEW.id) THEN
    PERFORM course_progress_flags_touch(OLD.company_id, NULL, OLD.id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.id IS DISTINCT FROM NEW.id)) THEN
    PERFORM course_progress_flags_touch(NEW.company_id, NULL, NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_progress_flags_users" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION course_progress_flags_users();--> statement-breakpoint
CREATE FUNCTION "course_progress_flags_members"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM course_progress_flags_touch((SELECT company_id FROM users WHERE id = OLD.user_id), NULL, OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.user_id IS DISTINCT FROM NEW.user_id) THEN
    PERFORM course_progress_flags_touch((SELECT company_id FROM users WHERE id = NEW.user_id), NULL, NEW.user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_progress_flags_members" AFTER INSERT OR UPDATE OR DELETE ON "department_members"
  FOR EACH ROW EXECUTE FUNCTION course_progress_flags_members();--> statement-breakpoint
-- Courses (their audience: allUsers, departmentIds) and enrolments, both generic records.
CREATE FUNCTION "course_progress_flags_records"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.resource = NEW.resource AND OLD.company_id = NEW.company_id AND (
    (NEW.resource = 'Course' AND OLD.data -> 'allUsers' IS NOT DISTINCT FROM NEW.data -> 'allUsers'
      AND OLD.data -> 'departmentIds' IS NOT DISTINCT FROM NEW.data -> 'departmentIds')
    OR (NEW.resource = 'Enrolment' AND OLD.deleted_at IS NOT DISTINCT FROM NEW.deleted_at
      AND OLD.data ->> 'courseId' IS NOT DISTINCT FROM NEW.data ->> 'courseId'
      AND OLD.data ->> 'userId' IS NOT DISTINCT FROM NEW.data ->> 'userId'
      AND OLD.data ->> 'status' IS NOT DISTINCT FROM NEW.data ->> 'status')) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF OLD.resource = 'Course' THEN
      PERFORM course_progress_flags_touch(OLD.company_id, OLD.id, NULL);
    ELSIF OLD.resource = 'Enrolment' AND OLD.data ->> 'userId' IS NOT NULL THEN
      PERFORM course_progress_flags_touch(OLD.company_id, course_progress_uuid(OLD.data ->> 'courseId'), OLD.data ->> 'userId');
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.resource = 'Course' THEN
      PERFORM course_progress_flags_touch(NEW.company_id, NEW.id, NULL);
    ELSIF NEW.resource = 'Enrolment' AND NEW.data ->> 'userId' IS NOT NULL THEN
      PERFORM course_progress_flags_touch(NEW.company_id, course_progress_uuid(NEW.data ->> 'courseId'), NEW.data ->> 'userId');
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_progress_flags_records_insert" AFTER INSERT ON "records"
  FOR EACH ROW WHEN (NEW.resource IN ('Course', 'Enrolment')) EXECUTE FUNCTION course_progress_flags_records();--> statement-breakpoint
CREATE TRIGGER "course_progress_flags_records_update" AFTER UPDATE ON "records"
  FOR EACH ROW WHEN (OLD.resource IN ('Course', 'Enrolment') OR NEW.resource IN ('Course', 'Enrolment'))
  EXECUTE FUNCTION course_progress_flags_records();--> statement-breakpoint
CREATE TRIGGER "course_progress_flags_records_delete" AFTER DELETE ON "records"
  FOR EACH ROW WHEN (OLD.resource IN ('Course', 'Enrolment')) EXECUTE FUNCTION course_progress_flags_records();--> statement-breakpoint
CREATE FUNCTION "course_progress_flags_attempts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.company_id = NEW.company_id AND OLD.course_id = NEW.course_id
    AND OLD.user_id = NEW.user_id AND OLD.slot = NEW.slot AND OLD.passed IS NOT DISTINCT FROM NEW.passed
    AND OLD.submitted_at IS NOT DISTINCT FROM NEW.submitted_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.slot = 'post' THEN
    PERFORM course_progress_flags_touch(OLD.company_id, OLD.course_id, OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.slot = 'post' THEN
    PERFORM course_progress_flags_touch(NEW.company_id, NEW.course_id, NEW.user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "course_progress_flags_attempts" AFTER INSERT OR UPDATE OR DELETE ON "quiz_attempts"
  FOR EACH ROW EXECUTE FUNCTION course_progress_flags_attempts();--> statement-breakpoint
-- The rebuild: every progress row of the company (all companies when null), set-based.
CREATE FUNCTION "course_progress_flags_fill"(p_company text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The rows' own trigger would compute each row again, one by one: skipped for this statement.
  PERFORM set_config('course_progress.filling', 'on', true);
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
    FROM course_progress p
    LEFT JOIN users u ON u.id = p.user_id AND u.company_id = p.company_id AND u.deleted_at IS NULL
    LEFT JOIN records c ON c.id = p.course_id AND c.resource = 'Course'
    WHERE p_company IS NULL OR p.company_id = p_company
  ) f
  WHERE cp.course_id = f.course_id AND cp.user_id = f.user_id
    AND (cp.pair_live, cp.pair_audience, cp.pair_passed) IS DISTINCT FROM (f.live, f.audience, f.passed);
  PERFORM set_config('course_progress.filling', '', true);
END $$;--> statement-breakpoint
SELECT course_progress_flags_fill(NULL);
