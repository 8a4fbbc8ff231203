CREATE TABLE "work_order_alert_claims" (
	"alert_id" text PRIMARY KEY NOT NULL,
	"claimed_at" bigint DEFAULT (extract(epoch from now()) * 1000)::bigint NOT NULL
);
