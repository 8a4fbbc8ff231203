CREATE TABLE "job_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"job_id" text NOT NULL,
	"tick" bigint NOT NULL,
	"started_at" bigint NOT NULL,
	"duration_ms" integer,
	"outcome" text DEFAULT 'running' NOT NULL,
	"error" text,
	"summary" jsonb
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cron_expression" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"script" text,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"formats" text[] DEFAULT '{}'::text[] NOT NULL,
	"script" text,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_job_tick_idx" ON "job_runs" USING btree ("job_id","tick");--> statement-breakpoint
CREATE INDEX "job_runs_job_started_idx" ON "job_runs" USING btree ("job_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_name_lower_idx" ON "jobs" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "reports_name_lower_idx" ON "reports" USING btree (lower("name"));