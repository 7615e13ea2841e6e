-- Leaner lead writes for imports (docs/imports.md, "Scale"): string values move into leads.attrs, a lead's
-- creation by an import is read from leads.import_id instead of a log row, and indexes nothing reads go.
ALTER TABLE "leads" ADD COLUMN "attrs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "import_id" integer;--> statement-breakpoint
UPDATE "leads" l SET "attrs" = v.attrs
FROM (
  SELECT team_id, lead_id, jsonb_object_agg(attribute_id::text, vals) AS attrs
  FROM (
    SELECT team_id, lead_id, attribute_id, jsonb_agg(value ORDER BY id) AS vals
    FROM "lead_values" GROUP BY team_id, lead_id, attribute_id
  ) per_attribute
  GROUP BY team_id, lead_id
) v
WHERE l.team_id = v.team_id AND l.id = v.lead_id;--> statement-breakpoint
DROP TABLE "lead_values" CASCADE;--> statement-breakpoint
UPDATE "leads" l SET "import_id" = c.import_id
FROM (
  SELECT DISTINCT ON (team_id, lead_id) team_id, lead_id, import_id FROM "lead_logs"
  WHERE type = 'import' AND action = 'created' AND import_id IS NOT NULL
  ORDER BY team_id, lead_id, id
) c
WHERE l.team_id = c.team_id AND l.id = c.lead_id;--> statement-breakpoint
DELETE FROM "lead_logs" WHERE type = 'import' AND action = 'created' AND import_id IS NOT NULL;--> statement-breakpoint
DROP INDEX "lead_emails_team_email_key";--> statement-breakpoint
DROP INDEX "lead_logs_team_lead_idx";--> statement-breakpoint
DROP INDEX "lead_phones_team_phone_key";--> statement-breakpoint
DROP INDEX "leads_team_updated_idx";--> statement-breakpoint
ALTER TABLE "lead_emails" DROP CONSTRAINT "lead_emails_team_id_id_pk";--> statement-breakpoint
ALTER TABLE "lead_logs" DROP CONSTRAINT "lead_logs_team_id_id_pk";--> statement-breakpoint
ALTER TABLE "lead_phones" DROP CONSTRAINT "lead_phones_team_id_id_pk";--> statement-breakpoint
ALTER TABLE "lead_emails" ADD CONSTRAINT "lead_emails_team_id_email_pk" PRIMARY KEY("team_id","email");--> statement-breakpoint
ALTER TABLE "lead_logs" ADD CONSTRAINT "lead_logs_team_id_lead_id_id_pk" PRIMARY KEY("team_id","lead_id","id");--> statement-breakpoint
ALTER TABLE "lead_phones" ADD CONSTRAINT "lead_phones_team_id_phone_pk" PRIMARY KEY("team_id","phone");--> statement-breakpoint
ALTER TABLE "import_staging" ADD COLUMN "attrs" jsonb;--> statement-breakpoint
CREATE INDEX "leads_team_import_idx" ON "leads" USING btree ("team_id","import_id","id") WHERE "leads"."import_id" IS NOT NULL;
