CREATE TABLE "alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"inspection_id" text NOT NULL,
	"asset_id" text NOT NULL,
	"checklist_id" text,
	"attribute_id" text,
	"record_id" text,
	"level_id" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"timestamp" bigint NOT NULL,
	"severity_level" jsonb NOT NULL,
	"type" text,
	"remark" text,
	"resolved_by" text,
	"resolved_at" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_by" text NOT NULL,
	"owner_type" text,
	"owner_id" text,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"asset_id" text NOT NULL,
	"checklists" text[] DEFAULT '{}'::text[] NOT NULL,
	"start" bigint NOT NULL,
	"end" bigint NOT NULL,
	"inspections" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" text PRIMARY KEY NOT NULL,
	"timestamp" bigint NOT NULL,
	"user_id" text NOT NULL,
	"checklist_id" text,
	"asset_id" text NOT NULL,
	"attribute_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attribute_comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type" text,
	"records" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "alerts_asset_time_idx" ON "alerts" USING btree ("asset_id","timestamp");--> statement-breakpoint
CREATE INDEX "alerts_inspection_idx" ON "alerts" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "alerts_time_idx" ON "alerts" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "alerts_open_idx" ON "alerts" USING btree ("timestamp") WHERE "alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "inspection_schedules_asset_window_idx" ON "inspection_schedules" USING btree ("asset_id","start","end");--> statement-breakpoint
CREATE INDEX "inspection_schedules_window_idx" ON "inspection_schedules" USING btree ("start","end");--> statement-breakpoint
CREATE INDEX "inspections_asset_time_idx" ON "inspections" USING btree ("asset_id","timestamp");--> statement-breakpoint
CREATE INDEX "inspections_user_time_idx" ON "inspections" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE INDEX "inspections_time_idx" ON "inspections" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "inspections_checklist_idx" ON "inspections" USING btree ("checklist_id");