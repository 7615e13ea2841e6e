ALTER TABLE "campaign_messages" ADD COLUMN "send_seq" bigint;--> statement-breakpoint
ALTER TABLE "send_dispatchers" ADD COLUMN "handing_owner" text;--> statement-breakpoint
ALTER TABLE "send_dispatchers" ADD COLUMN "handing_upto" bigint;