DROP INDEX "users_company_username_key";--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "rev" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "seq" bigint DEFAULT nextval('records_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "rev" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "seq" bigint DEFAULT nextval('records_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_by" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "rev" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "seq" bigint DEFAULT nextval('records_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "updated_by" text;--> statement-breakpoint
CREATE INDEX "departments_company_seq_idx" ON "departments" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "roles_company_seq_idx" ON "roles" USING btree ("company_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_employee_id_key" ON "users" USING btree ("company_id",lower("employee_id")) WHERE "users"."deleted_at" is null and "users"."employee_id" <> '';--> statement-breakpoint
CREATE INDEX "users_company_seq_idx" ON "users" USING btree ("company_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "users_company_username_key" ON "users" USING btree ("company_id",lower("username")) WHERE "users"."deleted_at" is null;