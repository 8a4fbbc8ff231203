CREATE TABLE "thermography_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"inspection_id" text NOT NULL,
	"asset_id" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"position" integer NOT NULL,
	"image_number" text NOT NULL,
	"identification" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"breaker_attributes" jsonb,
	"ambient_temperature" double precision,
	"severity_level" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"thermal_image_file_id" text,
	"real_image_file_id" text,
	"original_real_image_file_id" text,
	"measurements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"observations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recommendations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"camera" jsonb,
	"reference_note_id" text,
	"created_by" text NOT NULL,
	"approved_by" text,
	"approved_at" bigint,
	"created_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL,
	"updated_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "thermography_notes_inspection_number_idx" ON "thermography_notes" USING btree ("inspection_id",lower("image_number"));--> statement-breakpoint
CREATE INDEX "thermography_notes_asset_time_idx" ON "thermography_notes" USING btree ("asset_id","timestamp");--> statement-breakpoint
CREATE INDEX "thermography_notes_status_time_idx" ON "thermography_notes" USING btree ("status","timestamp");--> statement-breakpoint
ALTER TABLE "inspections" DROP COLUMN "records";