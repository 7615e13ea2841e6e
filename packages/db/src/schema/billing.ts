import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { teams } from "./accounts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });
const dollars = (name: string) => numeric(name, { precision: 14, scale: 4, mode: "number" });

/** A team's money: dollars and the free lookup items its plan gives. Never negative. */
export const teamBalances = pgTable(
  "team_balances",
  {
    teamId: integer("team_id")
      .primaryKey()
      .references(() => teams.id, { onDelete: "cascade" }),
    balance: dollars("balance").notNull().default(0),
    freeLookups: integer("free_lookups").notNull().default(0),
    /** Free SMS parts left from the plan; a send uses these before dollars. */
    freeSms: integer("free_sms").notNull().default(0),
    /** How old a lookup result may be and still be reused: {carrier_days, email_days, dnc_days}. */
    lookupFreshness: jsonb("lookup_freshness").notNull().default({}),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("team_balances_balance_nonneg", sql`${t.balance} >= 0`),
    check("team_balances_free_nonneg", sql`${t.freeLookups} >= 0`),
    check("team_balances_free_sms_nonneg", sql`${t.freeSms} >= 0`),
  ],
);

/** The ledger behind the balance: top-ups and charges (one row per settled hold that used something). */
export const balanceTransactions = pgTable(
  "balance_transactions",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity(),
    /** topup, lookup, send, refund */
    kind: text("kind").notNull(),
    amount: dollars("amount").notNull(),
    items: integer("items").notNull().default(0),
    freeItems: integer("free_items").notNull().default(0),
    balanceAfter: dollars("balance_after").notNull(),
    lookupId: integer("lookup_id"),
    note: text("note"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.id] })],
);

/**
 * Money taken from the balance for work in flight (a lookup batch at the provider, a batch of messages being
 * sent), one row per hold. A settle deletes exactly its own row and charges what was used from it; a hold whose
 * row is gone was given back already and settles nothing. Holds of a dead runner are given back by whoever
 * takes its work over, by (kind, ref_id).
 */
export const balanceHolds = pgTable(
  "balance_holds",
  {
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity(),
    /** lookup (ref_id: the lookup job) or send (ref_id: the campaign). */
    kind: text("kind").notNull(),
    refId: integer("ref_id").notNull(),
    items: integer("items").notNull(),
    freeItems: integer("free_items").notNull().default(0),
    amount: dollars("amount").notNull().default(0),
    /** The price the held items were taken at, so a price change between hold and settle charges neither more nor less. */
    unitPrice: numeric("unit_price", { precision: 14, scale: 6, mode: "number" }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.id] }),
    index("balance_holds_ref_idx").on(t.teamId, t.kind, t.refId),
    check("balance_holds_nonneg", sql`${t.amount} >= 0 AND ${t.freeItems} >= 0 AND ${t.items} >= ${t.freeItems}`),
  ],
);
