CREATE TABLE "calendar_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"start" bigint NOT NULL,
	"end" bigint NOT NULL,
	"custom_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"color" text,
	"timed" boolean DEFAULT false NOT NULL,
	"disable_delete" boolean DEFAULT false NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_schedule_plans" (
	"asset_id" text NOT NULL,
	"checklist_id" text NOT NULL,
	"window_start" bigint NOT NULL,
	"window_end" bigint NOT NULL,
	"schedule_id" text,
	"planned_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	CONSTRAINT "inspection_schedule_plans_asset_id_checklist_id_window_start_pk" PRIMARY KEY("asset_id","checklist_id","window_start")
);
--> statement-breakpoint
ALTER TABLE "inspection_schedules" ADD COLUMN "generated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_schedules" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "calendar_entries_period_idx" ON "calendar_entries" USING gist (int8range(least("start", "end"), greatest("start", "end"), '[]'));--> statement-breakpoint
CREATE INDEX "calendar_entries_attributes_idx" ON "calendar_entries" USING gin ("custom_attributes" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "calendar_entries_type_idx" ON "calendar_entries" USING btree ("type");--> statement-breakpoint
CREATE INDEX "inspection_schedule_plans_schedule_idx" ON "inspection_schedule_plans" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "inspection_schedules_period_idx" ON "inspection_schedules" USING gist (int8range(least("start", "end"), greatest("start", "end"), '[]'));