-- Audience attribute equals (packages/domain/src/segments/filter-attributes.ts, docs/audiences.md "Measured"): a
-- lead's values lower-cased, as jsonb of the same shape ({"<attribute id>": ["value", …]}), for a jsonb_path_ops
-- index that answers a case-insensitive equality without testing every lead. Lower-casing the jsonb's text keeps
-- it valid JSON (ids are digits; escapes stay escapes). IMMUTABLE so an index can hold it (lower() is, like the
-- other lower() indexes); a one-expression SQL function, so the planner inlines it in the index and in the query
-- alike. Changing its body needs a REINDEX of leads_attrs_folded_idx.
CREATE OR REPLACE FUNCTION lead_attrs_folded(attrs jsonb) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(attrs::text)::jsonb $$;--> statement-breakpoint
CREATE INDEX "leads_attrs_folded_idx" ON "leads" USING gin (lead_attrs_folded("attrs") jsonb_path_ops);
