import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { teams } from "./accounts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/**
 * Integrations: a team's SMS, email, email lookup, SMS lookup and SMS DNC gateways (`kind`), one provider
 * `type` each. `team_id` NULL is a platform-provided default gateway every team sees (dimmed, read-only).
 * Non-secret fields live in `params`; secret ones only in `secrets`, AES-256-GCM encrypted (gateway-secrets.ts).
 */
export const gateways = pgTable(
  "gateways",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id").references(() => teams.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    allowLookup: boolean("allow_lookup").notNull().default(true),
    isForce: boolean("is_force").notNull().default(false),
    /** Lookup kinds: requests per second (null: the default pace). */
    rateLimit: integer("rate_limit"),
    params: jsonb("params").$type<Record<string, string>>().notNull().default({}),
    /** `v1.<iv>.<tag>.<ciphertext>` of the JSON of the secret fields; null when there are none. */
    secrets: text("secrets"),
    senders: jsonb("senders").notNull().default({}),
    /** Sending kinds: taken out of rotation until then because carriers filter it (sender health); null: in rotation. */
    pausedUntil: ts("paused_until"),
    /** Why it was taken out of rotation. */
    pausedReason: text("paused_reason"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("gateways_team_kind_idx").on(t.teamId, t.kind, t.id)],
);
