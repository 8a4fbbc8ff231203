ALTER TABLE "thermography_notes" ADD COLUMN "load_percent" double precision;--> statement-breakpoint
ALTER TABLE "thermography_notes" ADD COLUMN "criterion" text DEFAULT 'neta-mts' NOT NULL;