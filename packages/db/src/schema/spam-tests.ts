import { sql } from "drizzle-orm";
import { bigint, check, index, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { campaigns } from "./campaigns";
import { parentId, parentTeamId, timestamps, ts } from "./columns";

/*
 * Test spam emails ("send test spam emails"): while an email campaign runs, its current message is copied to the seed
 * inboxes of its spam email groups once per interval, for placement checks. One row per copy — a record apart from the
 * send ledger, so a copy never shows in the campaign's figures. The unique key (campaign, slot, address) is what keeps
 * two ticks from planning one interval's copy twice; the gateway's dispatcher commits a copy `submitting` before its
 * provider call, so a copy whose process died is never sent again.
 */
export const campaignSpamTests = pgTable(
  "campaign_spam_tests",
  {
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().primaryKey(),
    teamId: parentTeamId(),
    campaignId: parentId("campaign_id", () => campaigns.id),
    /** The start of the interval the copy belongs to (intervals counted from the epoch, in the campaign's minutes). */
    slot: ts("slot").notNull(),
    /** The seed address, lower-cased. */
    address: text("address").notNull(),
    /** The step (or split part) copied: the one of the campaign's most recent message. */
    stepId: integer("step_id").notNull(),
    gatewayId: integer("gateway_id").notNull(),
    /**
     * planned (waiting for the gateway's dispatcher, which sends every message of its gateway), submitting, accepted,
     * rejected, unknown, cancelled
     */
    state: text("state").notNull().default("planned"),
    /** The copy as rendered when its interval came: the dispatcher sends it as it is. */
    sender: text("sender"),
    fromName: text("from_name"),
    replyTo: text("reply_to"),
    subject: text("subject"),
    body: text("body"),
    unsubscribeUrl: text("unsubscribe_url"),
    providerId: text("provider_id"),
    errorMessage: text("error_message"),
    /** The balance hold that pays for it (platform gateways), and what it cost. */
    holdId: bigint("hold_id", { mode: "number" }),
    cost: numeric("cost", { precision: 12, scale: 6, mode: "number" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("campaign_spam_tests_key").on(t.campaignId, t.slot, t.address),
    check("campaign_spam_tests_state_known", sql`${t.state} IN ('planned','submitting','accepted','rejected','unknown','cancelled')`),
    index("campaign_spam_tests_planned_idx").on(t.gatewayId, t.id).where(sql`${t.state} = 'planned'`),
  ],
);
