CREATE TABLE "reorder_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"part_id" text NOT NULL,
	"quantity_on_hand" integer NOT NULL,
	"reorder_level" integer NOT NULL,
	"work_order_id" text,
	"raised_by" text,
	"raised_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_labour" (
	"id" text PRIMARY KEY NOT NULL,
	"work_order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"started_at" bigint NOT NULL,
	"ended_at" bigint,
	"hourly_rate" numeric(12, 2),
	"note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_order_parts" (
	"id" text PRIMARY KEY NOT NULL,
	"work_order_id" text NOT NULL,
	"part_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_cost" numeric(12, 2),
	"used_by" text NOT NULL,
	"used_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "acknowledged_by" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "acknowledged_at" bigint;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "work_order_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hourly_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "work_order_activity" ADD COLUMN "photos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "type" text DEFAULT 'corrective' NOT NULL;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "estimated_hours" double precision;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "downtime_start" bigint;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "downtime_end" bigint;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "procedure_checklist_id" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "completed_by" text;--> statement-breakpoint
ALTER TABLE "work_orders" ADD COLUMN "completed_at" bigint;--> statement-breakpoint
CREATE INDEX "reorder_notices_part_idx" ON "reorder_notices" USING btree ("part_id","raised_at");--> statement-breakpoint
CREATE INDEX "reorder_notices_raised_idx" ON "reorder_notices" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "work_order_labour_order_idx" ON "work_order_labour" USING btree ("work_order_id","started_at");--> statement-breakpoint
CREATE INDEX "work_order_labour_user_idx" ON "work_order_labour" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "work_order_labour_started_idx" ON "work_order_labour" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_labour_running_idx" ON "work_order_labour" USING btree ("work_order_id","user_id") WHERE "work_order_labour"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "work_order_parts_order_idx" ON "work_order_parts" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_order_parts_part_idx" ON "work_order_parts" USING btree ("part_id","used_at");--> statement-breakpoint
CREATE INDEX "work_order_parts_used_idx" ON "work_order_parts" USING btree ("used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_work_order_idx" ON "inspections" USING btree ("work_order_id");--> statement-breakpoint
CREATE INDEX "work_orders_asset_type_idx" ON "work_orders" USING btree ("asset_id","type");--> statement-breakpoint
CREATE INDEX "work_orders_completed_idx" ON "work_orders" USING btree ("completed_at");--> statement-breakpoint
CREATE INDEX "work_orders_downtime_start_idx" ON "work_orders" USING btree ("downtime_start");--> statement-breakpoint
CREATE INDEX "work_orders_downtime_end_idx" ON "work_orders" USING btree ("downtime_end");--> statement-breakpoint
CREATE INDEX "work_orders_type_due_idx" ON "work_orders" USING btree ("type","end_timestamp");--> statement-breakpoint
-- Orders completed before completion was recorded: by whoever logged the last change to Completed, else their last update.
UPDATE "work_orders" w SET "completed_at" = coalesce(logged."created_at", w."updated_at"), "completed_by" = coalesce(logged."user_id", w."created_by")
FROM "work_orders" o LEFT JOIN LATERAL (
  SELECT a."created_at", a."user_id" FROM "work_order_activity" a WHERE a."work_order_id" = o."id" AND a."status_to" = 'Completed' ORDER BY a."created_at" DESC LIMIT 1
) logged ON true
WHERE w."id" = o."id" AND w."status" = 'Completed';--> statement-breakpoint
-- Orders opened from alerts: a sensor's alert is condition-based work, an inspection's a follow-up.
UPDATE "work_orders" w SET "type" = CASE WHEN a."point_id" IS NOT NULL THEN 'condition-based' ELSE 'inspection-follow-up' END
FROM "alerts" a WHERE a."id" = w."alert_id";--> statement-breakpoint
-- Orders the meters opened are preventive.
UPDATE "work_orders" w SET "type" = 'preventive' WHERE w."alert_id" IS NULL AND EXISTS (SELECT 1 FROM "meter_crossings" m WHERE m."work_order_id" = w."id");
