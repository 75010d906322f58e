ALTER TABLE "tus_uploads" ADD COLUMN "store_state" jsonb;--> statement-breakpoint
ALTER TABLE "tus_uploads" ADD COLUMN "lock_owner" text;--> statement-breakpoint
ALTER TABLE "tus_uploads" ADD COLUMN "locked_until" timestamp with time zone;