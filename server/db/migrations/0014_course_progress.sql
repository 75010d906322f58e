CREATE TABLE "course_progress" (
	"company_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"videos_completed" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_progress_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_video_progress" (
	"company_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"video_item_id" uuid NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"furthest" double precision DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "course_video_progress_course_id_user_id_video_item_id_pk" PRIMARY KEY("course_id","user_id","video_item_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"quiz_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"slot" text NOT NULL,
	"attempt_number" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"questions" jsonb NOT NULL,
	"answers" jsonb,
	"score" integer,
	"total" integer NOT NULL,
	"passing_score" integer,
	"passed" boolean,
	CONSTRAINT "quiz_attempts_slot_check" CHECK ("quiz_attempts"."slot" in ('pre', 'post'))
);
--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_video_progress" ADD CONSTRAINT "course_video_progress_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_progress_company_course_idx" ON "course_progress" USING btree ("company_id","course_id");--> statement-breakpoint
CREATE INDEX "course_progress_company_user_idx" ON "course_progress" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "course_video_progress_company_course_idx" ON "course_video_progress" USING btree ("company_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_user_slot_number_key" ON "quiz_attempts" USING btree ("course_id","user_id","slot","attempt_number");--> statement-breakpoint
CREATE INDEX "quiz_attempts_company_course_idx" ON "quiz_attempts" USING btree ("company_id","course_id","user_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_company_user_idx" ON "quiz_attempts" USING btree ("company_id","user_id","started_at");