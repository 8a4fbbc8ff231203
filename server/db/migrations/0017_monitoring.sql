CREATE TABLE "device_key_secrets" (
	"device_key_id" text PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"issued_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_states" (
	"point_id" text PRIMARY KEY NOT NULL,
	"last_ts" bigint,
	"last_value" double precision,
	"conditions" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_compaction" (
	"name" text PRIMARY KEY NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_hours" (
	"point_id" text NOT NULL,
	"hour" bigint NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"sum" double precision NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "reading_hours_point_id_hour_pk" PRIMARY KEY("point_id","hour")
);
--> statement-breakpoint
CREATE TABLE "reading_refusals" (
	"device_key_id" text NOT NULL,
	"reason" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"last_at" bigint NOT NULL,
	"last_detail" text DEFAULT '' NOT NULL,
	CONSTRAINT "reading_refusals_device_key_id_reason_pk" PRIMARY KEY("device_key_id","reason")
);
--> statement-breakpoint
CREATE TABLE "readings" (
	"point_id" text NOT NULL,
	"ts" bigint NOT NULL,
	"value" double precision NOT NULL,
	"device_key_id" text,
	"inspection_id" text,
	"received_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	CONSTRAINT "readings_point_id_ts_pk" PRIMARY KEY("point_id","ts")
);
--> statement-breakpoint
CREATE TABLE "device_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"site" text DEFAULT '' NOT NULL,
	"assets" text[] DEFAULT '{}'::text[] NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"last_seen" bigint,
	"accepted" bigint,
	"refused" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "measurement_points" (
	"id" text PRIMARY KEY NOT NULL,
	"asset" text NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"attribute" text,
	"kind" text DEFAULT '' NOT NULL,
	"direction" text DEFAULT '' NOT NULL,
	"warning" numeric(15, 4),
	"critical" numeric(15, 4),
	"deadband" numeric(15, 4),
	"min_duration_seconds" integer,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "point_id" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "point_level" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "repeats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "last_value" double precision;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "last_at" bigint;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "worst_value" double precision;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "worst_at" bigint;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "cleared_at" bigint;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "explanation" jsonb;--> statement-breakpoint
CREATE INDEX "readings_received_idx" ON "readings" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_keys_name_lower_idx" ON "device_keys" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "measurement_points_asset_key_unique_idx" ON "measurement_points" USING btree (lower("asset"),lower("key"));--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_point_level_idx" ON "alerts" USING btree ("point_id","point_level") WHERE "alerts"."resolved_at" is null and "alerts"."point_id" is not null;