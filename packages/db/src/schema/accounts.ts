import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { plans } from "./plans";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "string" });

export const teams = pgTable("teams", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** The team's plan (plans.key): its limits and free SMS. */
  planKey: text("plan_key")
    .notNull()
    .default("trial")
    .references(() => plans.key, { onUpdate: "cascade" }),
  /** The name its STOP and HELP answers carry (carriers ask for the brand or program name); null: the team's name. */
  brandName: text("brand_name"),
  /** How a recipient reaches a person (a phone, an email or a web address), named in the HELP answer. */
  helpContact: text("help_contact"),
  /** Marketing texts need a Do Not Call result younger than this many days (null: no such rule). */
  dncMaxAgeDays: integer("dnc_max_age_days"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number"),
    industry: smallint("industry"),
    passwordHash: text("password_hash"),
    role: text("role", { enum: ["team_admin", "team_operator"] }).notNull(),
    /** Installation operators (CLI `user create --admin`); unrelated to the team roles. */
    isAdmin: boolean("is_admin").notNull().default(false),
    language: text("language").notNull().default("en"),
    emailVerifiedAt: ts("email_verified_at"),
    blockedAt: ts("blocked_at"),
    lastSeenAt: ts("last_seen_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`), index("users_team_idx").on(t.teamId, t.id)],
);

export const accessTokens = pgTable(
  "access_tokens",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("access_tokens_hash_key").on(t.tokenHash), index("access_tokens_user_idx").on(t.userId)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    codeVerifiedAt: ts("code_verified_at"),
    usedAt: ts("used_at"),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("password_resets_token_key").on(t.tokenHash)],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    teamId: integer("team_id"),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** outbox (kept here only), smtp or ses; decided when the mail is delivered. */
    transport: text("transport"),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    sentAt: ts("sent_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  hits: integer("hits").notNull(),
});

export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
