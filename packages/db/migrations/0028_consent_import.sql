ALTER TABLE "import_attributes" ADD COLUMN "consent_field" text;--> statement-breakpoint
ALTER TABLE "import_staging" ADD COLUMN "consent" jsonb;--> statement-breakpoint
ALTER TABLE "import_staging" ADD COLUMN "consent_error" text;