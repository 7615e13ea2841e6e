CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"price_uah" numeric(12, 2) NOT NULL,
	"leads_limit" integer,
	"audiences_limit" integer,
	"sources_limit" integer,
	"lists_limit" integer,
	"free_sms" integer DEFAULT 0 NOT NULL,
	"alpha_names_limit" integer,
	"manage_short_url_domains" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_pool_senders" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"pool_id" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"sender_type" text NOT NULL,
	"sender" text NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_route_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"route_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"gateway_id" integer NOT NULL,
	"sender_type" text NOT NULL,
	"sender" text NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"frequency" integer NOT NULL,
	CONSTRAINT "campaign_route_groups_frequency_nonneg" CHECK ("campaign_route_groups"."frequency" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"gateway_id" integer NOT NULL,
	"sender_type" text NOT NULL,
	"sender" text NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"frequency" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_routes_frequency_nonneg" CHECK ("campaign_routes"."frequency" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carrier_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"patterns" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_other" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer,
	"gateway_id" integer NOT NULL,
	"kind" text NOT NULL,
	"event_id" text NOT NULL,
	"message_id" text,
	"provider_id" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "revenue_trackings" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"token" text NOT NULL,
	"secret" text NOT NULL,
	"revenue" numeric(14, 4) DEFAULT 0 NOT NULL,
	"total_conversations" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"coverage" smallint DEFAULT 1 NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_email_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_email_usernames" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"from_name" text NOT NULL,
	"user_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_url_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"url" text NOT NULL,
	"access" text DEFAULT 'enabled' NOT NULL,
	"redirect_to" text,
	"filter_redirect" text,
	"state_filter_redirect" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"https_enabled" boolean DEFAULT false NOT NULL,
	"dns_checked_at" timestamp with time zone,
	"dns_addresses" text[],
	"dns_ok" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer,
	"words" text[] NOT NULL,
	"phones" text[] DEFAULT '{*}'::text[] NOT NULL,
	"gateway_id" integer,
	"response_message" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"list_id" integer,
	"automation_campaign_id" integer,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spam_email_group_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spam_email_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "plan_key" text DEFAULT 'trial' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_balances" ADD COLUMN "free_sms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The platform's plans (monthly, UAH; NULL = unlimited). Teams that exist before plans keep what they had: no limit.
INSERT INTO "plans" ("key", "name", "price_uah", "leads_limit", "audiences_limit", "sources_limit", "lists_limit", "free_sms", "alpha_names_limit", "manage_short_url_domains", "sort_order") VALUES
  ('trial', 'Trial', 0, 1000, 3, 3, 10, 50, 0, false, 1),
  ('starter_pack', 'Starter Pack', 499, 10000, 10, 10, 50, 500, 1, false, 2),
  ('starter', 'Starter', 1499, 50000, 25, 25, 100, 1000, 2, true, 3),
  ('standard', 'Standard', 3999, 250000, 100, 100, 500, 3000, 5, true, 4),
  ('premium', 'Premium', 9999, 1000000, 500, 500, 2000, 10000, 10, true, 5),
  ('enterprise', 'Enterprise', 24999, NULL, NULL, NULL, NULL, 30000, NULL, true, 6);--> statement-breakpoint
UPDATE "teams" SET "plan_key" = 'enterprise';--> statement-breakpoint
-- Carrier groups by the carrier names lookups record (lower-case substrings); Other takes the rest.
INSERT INTO "carrier_groups" ("name", "patterns", "is_other", "sort_order") VALUES
  ('AT&T', '{at&t,at & t,cingular}', false, 1),
  ('T-Mobile', '{t-mobile,tmobile,t mobile,metropcs,metro by t-mobile,sprint}', false, 2),
  ('Verizon', '{verizon,cellco}', false, 3),
  ('US Cellular', '{us cellular,u.s. cellular,united states cellular}', false, 4),
  ('Other', '{}', true, 5);--> statement-breakpoint
-- The system keywords every team has (CTIA: STOP, START, HELP and their variants), shown locked.
INSERT INTO "sms_keywords" ("team_id", "words", "phones", "response_message", "action", "is_system") VALUES
  (NULL, '{STOP,STOPALL,UNSUBSCRIBE,CANCEL,END,QUIT,OPTOUT,REVOKE}', '{*}', 'You have been unsubscribed and will receive no more messages. Reply START to resubscribe.', 'stop', true),
  (NULL, '{START,UNSTOP,YES}', '{*}', 'You have been resubscribed. Reply STOP to unsubscribe.', 'start', true),
  (NULL, '{HELP,INFO}', '{*}', 'Reply STOP to unsubscribe. Msg&data rates may apply.', 'help', true);--> statement-breakpoint
ALTER TABLE "campaign_pool_senders" ADD CONSTRAINT "campaign_pool_senders_pool_id_campaign_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."campaign_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_pool_senders" ADD CONSTRAINT "campaign_pool_senders_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_pools" ADD CONSTRAINT "campaign_pools_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_route_groups" ADD CONSTRAINT "campaign_route_groups_route_id_campaign_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."campaign_routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_route_groups" ADD CONSTRAINT "campaign_route_groups_group_id_carrier_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."carrier_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_route_groups" ADD CONSTRAINT "campaign_route_groups_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_routes" ADD CONSTRAINT "campaign_routes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_routes" ADD CONSTRAINT "campaign_routes_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revenue_trackings" ADD CONSTRAINT "revenue_trackings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_email_groups" ADD CONSTRAINT "sender_email_groups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_email_usernames" ADD CONSTRAINT "sender_email_usernames_group_id_sender_email_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."sender_email_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_url_domains" ADD CONSTRAINT "short_url_domains_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_keywords" ADD CONSTRAINT "sms_keywords_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_keywords" ADD CONSTRAINT "sms_keywords_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_keywords" ADD CONSTRAINT "sms_keywords_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spam_email_group_emails" ADD CONSTRAINT "spam_email_group_emails_group_id_spam_email_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."spam_email_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spam_email_groups" ADD CONSTRAINT "spam_email_groups_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plans_key_key" ON "plans" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_pool_senders_key" ON "campaign_pool_senders" USING btree ("pool_id","gateway_id","sender_type","sender");--> statement-breakpoint
CREATE INDEX "campaign_pools_team_idx" ON "campaign_pools" USING btree ("team_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_route_groups_route_group_key" ON "campaign_route_groups" USING btree ("route_id","group_id");--> statement-breakpoint
CREATE INDEX "campaign_routes_team_idx" ON "campaign_routes" USING btree ("team_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_dedupe_key" ON "provider_events" USING btree ("gateway_id","event_id");--> statement-breakpoint
CREATE INDEX "provider_events_pending_idx" ON "provider_events" USING btree ("id") WHERE "provider_events"."applied_at" IS NULL;--> statement-breakpoint
CREATE INDEX "revenue_trackings_team_idx" ON "revenue_trackings" USING btree ("team_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "revenue_trackings_token_key" ON "revenue_trackings" USING btree ("token");--> statement-breakpoint
CREATE INDEX "rules_team_idx" ON "rules" USING btree ("team_id","type","id");--> statement-breakpoint
CREATE INDEX "sender_email_groups_team_idx" ON "sender_email_groups" USING btree ("team_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_email_usernames_key" ON "sender_email_usernames" USING btree ("group_id","user_name");--> statement-breakpoint
CREATE UNIQUE INDEX "short_url_domains_url_key" ON "short_url_domains" USING btree ("url");--> statement-breakpoint
CREATE INDEX "sms_keywords_team_idx" ON "sms_keywords" USING btree ("team_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "spam_email_group_emails_key" ON "spam_email_group_emails" USING btree ("group_id","email");--> statement-breakpoint
CREATE INDEX "spam_email_groups_team_idx" ON "spam_email_groups" USING btree ("team_id","id");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_plan_key_plans_key_fk" FOREIGN KEY ("plan_key") REFERENCES "public"."plans"("key") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "team_balances" ADD CONSTRAINT "team_balances_free_sms_nonneg" CHECK ("team_balances"."free_sms" >= 0);