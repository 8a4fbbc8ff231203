ALTER TABLE "spare_parts" ADD COLUMN "photo" jsonb;--> statement-breakpoint
ALTER TABLE "spare_parts" ADD COLUMN "datasheet" jsonb;