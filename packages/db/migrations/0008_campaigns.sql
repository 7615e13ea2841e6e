CREATE TABLE "campaign_audiences" (
	"team_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_audiences_campaign_id_kind_ref_id_pk" PRIMARY KEY("campaign_id","kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_counters" (
	"team_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"step_id" integer DEFAULT 0 NOT NULL,
	"part_id" integer DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"records" bigint DEFAULT 0 NOT NULL,
	"processed" bigint DEFAULT 0 NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"errors" bigint DEFAULT 0 NOT NULL,
	"opened" bigint DEFAULT 0 NOT NULL,
	"clicked" bigint DEFAULT 0 NOT NULL,
	"spam" bigint DEFAULT 0 NOT NULL,
	"unsubscribed" bigint DEFAULT 0 NOT NULL,
	"cool_offs" bigint DEFAULT 0 NOT NULL,
	"cool_offs_inactive_device" bigint DEFAULT 0 NOT NULL,
	"daily_limit" bigint DEFAULT 0 NOT NULL,
	"blocked" bigint DEFAULT 0 NOT NULL,
	"inactive_device" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL,
	"bounces" bigint DEFAULT 0 NOT NULL,
	"complaints" bigint DEFAULT 0 NOT NULL,
	"conversations" bigint DEFAULT 0 NOT NULL,
	"cost" numeric(16, 4) DEFAULT 0 NOT NULL,
	"revenue" numeric(16, 4) DEFAULT 0 NOT NULL,
	"revenue_by_bot" numeric(16, 4) DEFAULT 0 NOT NULL,
	"revenue_by_expired" numeric(16, 4) DEFAULT 0 NOT NULL,
	"revenue_by_state_filter" numeric(16, 4) DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_counters_campaign_id_step_id_part_id_day_pk" PRIMARY KEY("campaign_id","step_id","part_id","day")
);
--> statement-breakpoint
CREATE TABLE "campaign_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"parent_step_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"delay" integer DEFAULT 0 NOT NULL,
	"delay_time_period" text DEFAULT 'min' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"started_at" timestamp with time zone,
	"message" text DEFAULT '' NOT NULL,
	"subject" text,
	"redirect_to" text,
	"short_url_domain_id" integer,
	"click_automation_campaign_id" integer,
	"two_fa_automation_campaign_id" integer,
	"tmo_limit_automation_campaign_id" integer,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_steps_delay_nonneg" CHECK ("campaign_steps"."delay" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_test_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"step_id" integer,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sender_type" text DEFAULT 'gateway' NOT NULL,
	"gateway_id" integer,
	"route_id" integer,
	"pool_id" integer,
	"ms_sid" text,
	"ms_name" text,
	"started_at" timestamp with time zone,
	"started_at_tz" text DEFAULT 'UTC' NOT NULL,
	"daytime_limitation" boolean DEFAULT false NOT NULL,
	"run_daily_from" time,
	"run_daily_to" time,
	"need_send_by_timezones" boolean DEFAULT false NOT NULL,
	"frequency_count" integer,
	"frequency_period" integer,
	"daily_limit" integer,
	"cool_off_rule_id" integer,
	"inactive_device_rule_id" integer,
	"set_frequency_rule_id" integer,
	"increase_frequency_rule_id" integer,
	"only_verified_leads" boolean DEFAULT false NOT NULL,
	"lookup_gateway_id" integer,
	"triggers" text[] DEFAULT '{}'::text[] NOT NULL,
	"click_automation_campaign_id" integer,
	"send_test_spam_emails" boolean DEFAULT false NOT NULL,
	"spam_email_group_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"send_spam_email_interval" integer,
	"reply_to" text,
	"is_started" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_daily_limit_nonneg" CHECK ("campaigns"."daily_limit" IS NULL OR "campaigns"."daily_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "campaign_audiences" ADD CONSTRAINT "campaign_audiences_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_counters" ADD CONSTRAINT "campaign_counters_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_steps" ADD CONSTRAINT "campaign_steps_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_test_sends" ADD CONSTRAINT "campaign_test_sends_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_audiences_team_ref_idx" ON "campaign_audiences" USING btree ("team_id","kind","ref_id");--> statement-breakpoint
CREATE INDEX "campaign_counters_team_day_idx" ON "campaign_counters" USING btree ("team_id","day");--> statement-breakpoint
CREATE INDEX "campaign_steps_campaign_idx" ON "campaign_steps" USING btree ("campaign_id","parent_step_id","position");--> statement-breakpoint
CREATE INDEX "campaign_steps_team_idx" ON "campaign_steps" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "campaign_test_sends_campaign_idx" ON "campaign_test_sends" USING btree ("campaign_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_team_created_idx" ON "campaigns" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_team_started_idx" ON "campaigns" USING btree ("team_id","started_at");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status","id") WHERE "campaigns"."deleted_at" IS NULL;