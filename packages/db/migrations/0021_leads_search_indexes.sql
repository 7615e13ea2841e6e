-- Text search on the leads table (packages/domain/src/leads/lead-filter.ts, docs/leads.md "Indexes"): pg_trgm
-- (PGlite loads it in open-db.ts), and the text its index holds — a lead's string values without the attribute
-- ids, as the JSON array jsonb writes. IMMUTABLE so an index can hold it; a one-expression SQL function, so the
-- planner inlines it in the index and in the query alike. Changing its body needs a REINDEX of leads_search_idx.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_search_text(attrs jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT jsonb_path_query_array(attrs, '$.*[*]')::text $$;--> statement-breakpoint
CREATE INDEX "leads_team_updated_idx" ON "leads" USING btree ("team_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING gin (lead_search_text("attrs") gin_trgm_ops);
