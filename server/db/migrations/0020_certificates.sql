CREATE TABLE "certificate_sends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"certificate_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by" text,
	"to_address" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_certificates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"template_id" uuid NOT NULL,
	"code" text NOT NULL,
	"learner_name" text NOT NULL,
	"course_name" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"auto_mail" boolean DEFAULT false NOT NULL,
	"auto_mail_done_at" timestamp with time zone,
	"auto_mail_tries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_sends" ADD CONSTRAINT "certificate_sends_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_sends" ADD CONSTRAINT "certificate_sends_certificate_id_issued_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."issued_certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_certificates" ADD CONSTRAINT "issued_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_sends_certificate_idx" ON "certificate_sends" USING btree ("certificate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_course_user_key" ON "issued_certificates" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issued_certificates_code_key" ON "issued_certificates" USING btree ("code");--> statement-breakpoint
CREATE INDEX "issued_certificates_company_course_idx" ON "issued_certificates" USING btree ("company_id","course_id");--> statement-breakpoint
CREATE INDEX "issued_certificates_auto_mail_idx" ON "issued_certificates" USING btree ("issued_at") WHERE "issued_certificates"."auto_mail" and "issued_certificates"."auto_mail_done_at" is null;--> statement-breakpoint
CREATE INDEX "records_certificatetemplate_name_idx" ON "records" USING btree ("company_id",lower(left(("data" ->> 'name'), 100)),"id") WHERE "records"."resource" = 'CertificateTemplate';