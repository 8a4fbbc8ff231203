CREATE TABLE "work_order_activity" (
	"id" text PRIMARY KEY NOT NULL,
	"work_order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"comment" text NOT NULL,
	"status_from" text,
	"status_to" text,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"asset_id" text NOT NULL,
	"assigned_to" text NOT NULL,
	"start_timestamp" bigint NOT NULL,
	"end_timestamp" bigint NOT NULL,
	"alert_id" text,
	"created_by" text,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "work_order_activity_order_idx" ON "work_order_activity" USING btree ("work_order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_alert_idx" ON "work_orders" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "work_orders_assignee_idx" ON "work_orders" USING btree ("assigned_to","start_timestamp");--> statement-breakpoint
CREATE INDEX "work_orders_start_idx" ON "work_orders" USING btree ("start_timestamp","id");--> statement-breakpoint
CREATE INDEX "work_orders_period_idx" ON "work_orders" USING gist (int8range("start_timestamp", "end_timestamp", '[]'));--> statement-breakpoint
CREATE INDEX "work_orders_status_idx" ON "work_orders" USING btree ("status");