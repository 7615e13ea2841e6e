import { boolean, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

/**
 * The platform's plans and their limits: data, not code. A limit of NULL is unlimited.
 * `teams.plan_key` names a team's plan; `leadflow team plan` changes it.
 */
export const plans = pgTable(
  "plans",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    name: text("name").notNull(),
    /** Monthly price in UAH. */
    priceUah: numeric("price_uah", { precision: 12, scale: 2, mode: "number" }).notNull(),
    leadsLimit: integer("leads_limit"),
    audiencesLimit: integer("audiences_limit"),
    sourcesLimit: integer("sources_limit"),
    listsLimit: integer("lists_limit"),
    /** Free SMS parts a month on the plan. */
    freeSms: integer("free_sms").notNull().default(0),
    alphaNamesLimit: integer("alpha_names_limit"),
    manageShortUrlDomains: boolean("manage_short_url_domains").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("plans_key_key").on(t.key)],
);
