ALTER TABLE "opt_in_requests" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "opt_in_requests" ADD COLUMN "submission" jsonb;