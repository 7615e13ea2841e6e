import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { teamId, timestamps, ts } from "./columns";
import { lists } from "./sources";

/*
 * Opt-in growth (docs/opt-in.md): a list's hosted sign-up form, and the double opt-in requests a form submission or a
 * keyword starts — pending until the phone replies YES, and for forms the confirmation request SMS's own ledger (the
 * dispatcher's lane sends it, as it sends welcomes).
 */

/** One field the form asks for beyond the phone: a lead attribute, with its label and whether it is required. */
export interface SignupFormField {
  attribute_id: number;
  label: string;
  required: boolean;
}

/** What a form submission keeps until it is merged: the values by attribute, and the consent evidence. */
export interface OptInSubmission {
  attributes: { attribute_id: number; type: "phone" | "email" | "string"; value: string }[];
  consent: { captured_at: string; page_url: string; ip: string; user_agent: string; language: string };
}

export const signupForms = pgTable(
  "signup_forms",
  {
    id: serial("id").primaryKey(),
    teamId: teamId(),
    listId: integer("list_id")
      .notNull()
      .references(() => lists.id, { onDelete: "cascade" }),
    /** The public address's code: `/f/{code}` on the team's short domain (or the app's host). */
    code: text("code").notNull(),
    /** Signs the page's form token (CSRF): a post must carry a token a GET of this form handed out. */
    tokenSecret: text("token_secret").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    fields: jsonb("fields").$type<SignupFormField[]>().notNull().default([]),
    consentText: text("consent_text").notNull(),
    successMessage: text("success_message").notNull(),
    doubleOptIn: boolean("double_opt_in").notNull().default(true),
    enabled: boolean("enabled").notNull().default(true),
    /** Where the double opt-in request leaves from: a gateway and one of its numbers. */
    gatewayId: integer("gateway_id"),
    fromNumber: text("from_number"),
    /** The import record the form's submissions are merged under (Import History: `Sign-up form: {title}`). */
    importId: bigint("import_id", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("signup_forms_code_key").on(t.code), uniqueIndex("signup_forms_list_key").on(t.teamId, t.listId)],
);

/**
 * A double opt-in waiting for YES: from a form submission (`form_id`, its consent record) or a keyword
 * (`keyword_id`, the inbound text). `state`: pending → confirmed (a YES within the window), cancelled (an opt-out
 * first) or expired (read from `expires_at`, never written). A form's request SMS is this row's `send_*` ledger,
 * sent by the gateway's dispatcher (planned → submitting → accepted | rejected | unknown); a keyword's request is the
 * answer on its inbound row.
 */
export const optInRequests = pgTable(
  "opt_in_requests",
  {
    teamId: integer("team_id").notNull(),
    id: bigint("id", { mode: "number" }).generatedByDefaultAsIdentity().primaryKey(),
    listId: integer("list_id").notNull(),
    /** The lead: a keyword's texter; a form's submitter only once confirmed (the submission is merged on the YES). */
    leadId: bigint("lead_id", { mode: "number" }),
    phone: text("phone").notNull(),
    /** form, keyword */
    origin: text("origin").notNull(),
    formId: integer("form_id"),
    keywordId: integer("keyword_id"),
    /** The keyword's text (inbound_messages.id) or, for a form, null. */
    requestInboundId: bigint("request_inbound_id", { mode: "number" }),
    /** A form's submission as the merge takes it (attributes and consent), merged into the list on the YES. */
    submission: jsonb("submission").$type<OptInSubmission>(),
    /** A form's consent record (lead_consents.id: the page, IP, agent, time and text), written when it is merged. */
    consentId: bigint("consent_id", { mode: "number" }),
    state: text("state").notNull().default("pending"),
    expiresAt: ts("expires_at").notNull(),
    confirmedAt: ts("confirmed_at"),
    /** The YES reply (inbound_messages.id). */
    confirmInboundId: bigint("confirm_inbound_id", { mode: "number" }),
    /** A keyword's consent record, written by the YES (the keyword's text and the YES: ids and times). */
    confirmConsentId: bigint("confirm_consent_id", { mode: "number" }),
    gatewayId: integer("gateway_id"),
    fromNumber: text("from_number"),
    sendState: text("send_state"),
    message: text("message"),
    providerId: text("provider_id"),
    cost: numeric("cost", { precision: 12, scale: 6, mode: "number" }),
    sendError: text("send_error"),
    sentAt: ts("sent_at"),
    ...timestamps(),
  },
  (t) => [
    index("opt_in_requests_pending_idx").on(t.teamId, t.phone).where(sql`${t.state} = 'pending'`),
    index("opt_in_requests_send_idx").on(t.gatewayId, t.id).where(sql`${t.sendState} = 'planned'`),
    index("opt_in_requests_list_idx").on(t.teamId, t.listId, t.id),
  ],
);
