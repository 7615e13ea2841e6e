ALTER TABLE "gateways" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateways" ADD COLUMN "paused_reason" text;