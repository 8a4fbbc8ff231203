CREATE TABLE "alert_levels" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"technical_name" text NOT NULL,
	"rank" integer NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	CONSTRAINT "alert_levels_name_unique" UNIQUE("name"),
	CONSTRAINT "alert_levels_technical_name_unique" UNIQUE("technical_name")
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"identification" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"checklists" text[] DEFAULT '{}'::text[] NOT NULL,
	"static_attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checklist_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"technical_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"is_mandatory" boolean DEFAULT false NOT NULL,
	"allow_comment" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '{"values":[]}'::jsonb NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"entity" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"user_id" text,
	"user_name" text DEFAULT '' NOT NULL,
	"at" bigint NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"frequency" text DEFAULT '' NOT NULL,
	"scripts" text[] DEFAULT '{}'::text[] NOT NULL,
	"checklist_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scripts" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_definitions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'asset' NOT NULL,
	"script" text,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "assets_name_lower_idx" ON "assets" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "assets_identification_idx" ON "assets" USING btree ("identification");--> statement-breakpoint
CREATE INDEX "assets_checklists_idx" ON "assets" USING gin ("checklists");--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_name_lower_idx" ON "attributes" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_technical_name_idx" ON "attributes" USING btree ("technical_name") WHERE "attributes"."technical_name" <> '';--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("entity","record_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "checklists_name_lower_idx" ON "checklists" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "dashboards_name_lower_idx" ON "dashboards" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "scripts_name_lower_idx" ON "scripts" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "table_definitions_name_lower_idx" ON "table_definitions" USING btree (lower("name"));