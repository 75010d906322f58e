CREATE TABLE "housekeeping_runs" (
	"task" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
