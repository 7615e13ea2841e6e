-- A campaign set Active without a schedule kept no start: its Started Date read "Not started" though it had sent.
-- Each started campaign without one takes its first message's hand-over, else its first planned row, else its
-- last change. The first read is the Message Logs index's first entry (migration 0020); the second reads only
-- campaigns that never handed a message over.
UPDATE "campaigns" c SET "started_at" = coalesce(
  (SELECT min(m."submitted_at") FROM "campaign_messages" m WHERE m."campaign_id" = c."id" AND m."submitted_at" IS NOT NULL),
  (SELECT min(m."created_at") FROM "campaign_messages" m WHERE m."campaign_id" = c."id"),
  c."updated_at")
WHERE c."is_started" AND c."started_at" IS NULL;
