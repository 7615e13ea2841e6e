ALTER TABLE "campaign_messages" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "short_url_domains" ADD COLUMN "expired_redirect" text;