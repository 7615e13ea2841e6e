DROP INDEX "inbound_messages_answer_idx";--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "brand_name" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "help_contact" text;--> statement-breakpoint
ALTER TABLE "send_dispatchers" ADD COLUMN "holder_key" bigint;--> statement-breakpoint
ALTER TABLE "send_dispatchers" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "send_dispatchers" ADD COLUMN "recent_calls" double precision[];--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "state" text DEFAULT 'planned' NOT NULL;--> statement-breakpoint
UPDATE "campaign_test_sends" SET "state" = CASE WHEN "result" LIKE '% sent to %' THEN 'accepted' WHEN "result" LIKE '%was not sent%' THEN 'rejected' ELSE 'unknown' END;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "gateway_id" integer;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "sender_kind" text;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "parts" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "cost" numeric(12, 6);--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "answer_error" text;--> statement-breakpoint
ALTER TABLE "welcome_messages" ADD COLUMN "due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_test_sends_team_idx" ON "campaign_test_sends" USING btree ("team_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "campaign_test_sends_planned_idx" ON "campaign_test_sends" USING btree ("gateway_id","id") WHERE "campaign_test_sends"."state" = 'planned';--> statement-breakpoint
CREATE INDEX "welcome_messages_due_idx" ON "welcome_messages" USING btree ("gateway_id","due_at","id") WHERE "welcome_messages"."state" = 'planned';--> statement-breakpoint
CREATE INDEX "inbound_messages_answer_idx" ON "inbound_messages" USING btree ("gateway_id","id") WHERE "inbound_messages"."answer_state" = 'planned';--> statement-breakpoint
-- The system answers name the team's brand and a contact (CTIA Messaging Principles); an operator's own text stays.
UPDATE "sms_keywords" SET "response_message" = '{{brand}}: You are unsubscribed and will get no more messages. Reply START to resubscribe.'
  WHERE "team_id" IS NULL AND "action" = 'stop' AND "response_message" = 'You have been unsubscribed and will receive no more messages. Reply START to resubscribe.';--> statement-breakpoint
UPDATE "sms_keywords" SET "response_message" = '{{brand}}: You are resubscribed. Reply HELP for help, STOP to opt out.'
  WHERE "team_id" IS NULL AND "action" = 'start' AND "response_message" = 'You have been resubscribed. Reply STOP to unsubscribe.';--> statement-breakpoint
UPDATE "sms_keywords" SET "response_message" = '{{brand}}: Help at {{contact}}. Msg&data rates may apply. Reply STOP to opt out.'
  WHERE "team_id" IS NULL AND "action" = 'help' AND "response_message" = 'Reply STOP to unsubscribe. Msg&data rates may apply.';
