CREATE TABLE "view_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content_id" uuid NOT NULL,
	"content_resource" text NOT NULL,
	"seconds" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "view_events_seconds_check" CHECK ("view_events"."seconds" >= 0),
	CONSTRAINT "view_events_resource_check" CHECK ("view_events"."content_resource" in ('Article', 'Sound', 'Video'))
);
--> statement-breakpoint
ALTER TABLE "view_events" ADD CONSTRAINT "view_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "view_events_company_viewed_idx" ON "view_events" USING btree ("company_id","viewed_at","content_id","user_id");--> statement-breakpoint
CREATE INDEX "view_events_content_viewed_idx" ON "view_events" USING btree ("content_id","viewed_at");