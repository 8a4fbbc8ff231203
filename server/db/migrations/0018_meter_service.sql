CREATE TABLE "meter_crossings" (
	"point_id" text NOT NULL,
	"cycle" integer NOT NULL,
	"at" double precision NOT NULL,
	"reading_ts" bigint NOT NULL,
	"value" double precision NOT NULL,
	"work_order_id" text,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	CONSTRAINT "meter_crossings_point_id_cycle_at_pk" PRIMARY KEY("point_id","cycle","at")
);
--> statement-breakpoint
ALTER TABLE "point_states" ADD COLUMN "meter_high" double precision;--> statement-breakpoint
ALTER TABLE "point_states" ADD COLUMN "meter_cycle" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "measurement_points" ADD COLUMN "service_every" numeric(15, 4);--> statement-breakpoint
ALTER TABLE "measurement_points" ADD COLUMN "service_task" text DEFAULT '' NOT NULL;