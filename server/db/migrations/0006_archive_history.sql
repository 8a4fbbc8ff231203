ALTER TABLE "assets" ADD COLUMN "archived_at" bigint;--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "archived_at" bigint;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "archived_at" bigint;