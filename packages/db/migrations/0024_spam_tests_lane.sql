ALTER TABLE "campaign_spam_tests" DROP CONSTRAINT "campaign_spam_tests_state_known";--> statement-breakpoint
ALTER TABLE "campaign_spam_tests" ALTER COLUMN "state" SET DEFAULT 'planned';--> statement-breakpoint
ALTER TABLE "campaign_spam_tests" ADD COLUMN "sender" text;--> statement-breakpoint
ALTER TABLE "campaign_spam_tests" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "campaign_spam_tests" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "campaign_spam_tests" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "campaign_spam_tests" ADD COLUMN "body" text;--> statement-breakpoint
ALTER TABLE "campaign_spam_tests" ADD COLUMN "unsubscribe_url" text;--> statement-breakpoint
CREATE INDEX "campaign_spam_tests_planned_idx" ON "campaign_spam_tests" USING btree ("gateway_id","id") WHERE "campaign_spam_tests"."state" = 'planned';--> statement-breakpoint
ALTER TABLE "campaign_spam_tests" ADD CONSTRAINT "campaign_spam_tests_state_known" CHECK ("campaign_spam_tests"."state" IN ('planned','submitting','accepted','rejected','unknown','cancelled'));