import { z } from "zod";
import { IdList, ListQuery, pageOf } from "./common";
import type { LookupGatewayKind } from "./gateways";
import { LeadSelection, QueryFlag } from "./leads";

/*
 * Lookup jobs (docs/product/audiences-lookups-settings.md): carrier
 * lookups of phones, do-not-contact checks of phones, verification of emails, consent certificate checks and
 * Reassigned Numbers Database queries, run through a team's lookup gateway, priced per item against the team's
 * balance, reported live as `LookupData`.
 */

/**
 * Lookup types: 1 SMS leads (carrier lookup), 2 email leads, 3 SMS do-not-contact, 4 consent certificates (the
 * latest consent record with a certificate per lead), 5 Reassigned Numbers (phones, since the consent date).
 */
export const LookupTypes = { sms: 1, email: 2, sms_dnc: 3, consent_certificates: 4, rnd: 5 } as const;
export type LookupType = (typeof LookupTypes)[keyof typeof LookupTypes];
const LookupTypeLiteral = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export const LookupTypeValue = z.coerce.number().pipe(LookupTypeLiteral);
export const LookupTypeLabels = {
  1: "SMS Lookup",
  2: "Email Lookup",
  3: "SMS DNC",
  4: "Verify consent certificates",
  5: "Reassigned Numbers check",
} as const satisfies Record<LookupType, string>;
/** The gateway kind each lookup type runs through. */
export const LookupTypeGatewayKind = {
  1: "sms_lookup",
  2: "email_lookup",
  3: "sms_dnc",
  4: "consent_certificates",
  5: "rnd",
} as const satisfies Record<LookupType, LookupGatewayKind>;
/** What one item of a type is called in progress texts ('1 phone left', 'N phones left'). */
export const LookupItemNouns = {
  1: ["phone", "phones"],
  2: ["email", "emails"],
  3: ["phone", "phones"],
  4: ["certificate", "certificates"],
  5: ["phone", "phones"],
} as const satisfies Record<LookupType, readonly [string, string]>;

/** Status 0 pending, 1 running ("success" chip class), 2 paused, 3 completed, 4 stop. */
export const LookupStatuses = { pending: 0, running: 1, paused: 2, completed: 3, stopped: 4 } as const;
export type LookupStatus = (typeof LookupStatuses)[keyof typeof LookupStatuses];
export const LookupStatusValue = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]));
export const LookupStatusLabels = { 0: "Pending", 1: "Running", 2: "Paused", 3: "Completed", 4: "Stop" } as const satisfies Record<
  LookupStatus,
  string
>;
/** The status chip classes (docs/product/audiences-lookups-settings.md). */
export const LookupStatusClasses = { 0: "pending", 1: "success", 2: "paused", 3: "completed", 4: "stop" } as const satisfies Record<
  LookupStatus,
  string
>;

/** A lookup item's state in the job's ledger: pending until a settle moves it out, once. */
export const LookupItemStates = { pending: 0, looked_up: 1, reused: 2, failed: 3, skipped: 4 } as const;
export type LookupItemState = (typeof LookupItemStates)[keyof typeof LookupItemStates];

export const INSUFFICIENT_FUNDS = "Insufficient funds to continue paid lookup!";

const Ref = z.object({ id: z.number().int(), name: z.string() });

export const LookupJob = z.object({
  id: z.number().int(),
  type: LookupTypeLiteral,
  /** Same as `type` (the API names it both ways: lead_type and type). */
  lead_type: z.number().int(),
  source: Ref.nullable(),
  list: Ref.nullable(),
  segment: Ref.extend({ parent: Ref.nullable() }).nullable(),
  /** One lead's relookup. */
  lead: z.object({ id: z.number().int() }).nullable(),
  /** The import whose leads it covers (import toggles, import API keys). */
  import: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  gateway: Ref.nullable(),
  setting_gateway_id: z.number().int().nullable(),
  status: z.number().int(),
  /** Items in scope. */
  total_count: z.number().int(),
  /** Items done (looked up, reused or failed). */
  count: z.number().int(),
  /** Items answered from a fresh earlier result, free. */
  reused_count: z.number().int(),
  /** Items the provider could not answer (retried, then given up): left unchecked, not charged. */
  failed_count: z.number().int(),
  /** Charged to the team's balance, dollars. */
  cost: z.number(),
  /** Items sent to the provider. */
  service_items_count: z.number().int(),
  /** What the provider bills for them at its list price, dollars (0 for the sandbox). */
  service_cost: z.number(),
  /** Charged anything: the 'paid' chip. */
  paid: z.boolean(),
  percent: z.number(),
  /** "3m 20s" while running, else null. */
  time_left: z.string().nullable(),
  /** Why it stopped, when it stopped on its own (e.g. 'Insufficient funds to continue paid lookup!'). */
  error: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LookupJob = z.infer<typeof LookupJob>;
export const LookupJobPage = pageOf(LookupJob);
export type LookupJobPage = z.infer<typeof LookupJobPage>;

export const ListLookupsQuery = ListQuery.extend({
  source_id: z.coerce.number().int().positive().optional(),
  list_id: z.coerce.number().int().positive().optional(),
  segment_id: z.coerce.number().int().positive().optional(),
  /** Only running or paused jobs, and those finished in the last minute (the source and list progress items). */
  active: QueryFlag.optional(),
});
export type ListLookupsQuery = z.infer<typeof ListLookupsQuery>;

/** The Lookup list page's form (docs/product/audiences-lookups-settings.md). */
export const SaveLookup = z.object({
  lead_type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
  setting_gateway_id: z.coerce.number().int().positive({ error: "Select a gateway." }),
  source_id: z.coerce.number().int().positive({ error: "Select a source." }),
  list_id: z.coerce.number().int().positive().nullable().optional(),
  /** 1 starts it at once; a new lookup defaults to the first status option (pending). */
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .default(0),
});
export type SaveLookup = z.infer<typeof SaveLookup>;

/** POST /lookup/{id}/status. Start sends 1, pause and stop controls send 2; 4 stops for good. */
export const SetLookupStatus = z.object({
  status: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(4)])),
});
export type SetLookupStatus = z.infer<typeof SetLookupStatus>;

/** POST /lookup-start and /lookup-stop (bulk). */
export const BulkLookupStatus = z.object({
  ids: IdList,
  type: LookupTypeValue.optional(),
  setting_gateway_id: z.coerce.number().int().positive().optional(),
});
export type BulkLookupStatus = z.infer<typeof BulkLookupStatus>;

/** POST /sources/lookup and /sources/lists/lookup: ids of sources (or lists), type, gateway. */
export const StartScopeLookup = z.object({
  ids: IdList,
  type: LookupTypeValue,
  setting_gateway_id: z.coerce.number().int().positive({ error: "Select a gateway." }),
});
export type StartScopeLookup = z.infer<typeof StartScopeLookup>;

/** POST /leads/lookup: a lookup of the leads table's selection (ids, or all matching its query). */
export const StartLeadsLookup = z.intersection(
  LeadSelection,
  z.object({ type: LookupTypeValue, setting_gateway_id: StartScopeLookup.shape.setting_gateway_id }),
);
export type StartLeadsLookup = z.infer<typeof StartLeadsLookup>;

/** POST /leads/{id}/relookup. */
export const RelookupLeadTypes = ["lead_phone", "lead_email", "sms_dnc"] as const;
export const RelookupLead = z.object({
  lead_type: z.enum(RelookupLeadTypes),
  lookup_gateway_id: z.coerce.number().int().positive({ error: "Select a gateway." }),
});
export type RelookupLead = z.infer<typeof RelookupLead>;
export const RelookupLeadTypeOf = { lead_phone: 1, lead_email: 2, sms_dnc: 3 } as const satisfies Record<
  (typeof RelookupLeadTypes)[number],
  LookupType
>;

export const StartedLookups = z.object({ message: z.string(), data: z.array(LookupJob) });
export type StartedLookups = z.infer<typeof StartedLookups>;

/** The team's money: dollars, plus free lookup items left from the plan. */
export const Balance = z.object({
  balance: z.number(),
  free_lookups: z.number().int(),
  /** Dollars per item, by lookup type. */
  prices: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
});
export type Balance = z.infer<typeof Balance>;

export const BalanceTransaction = z.object({
  id: z.number().int(),
  /** spam_test: a campaign's test spam emails (seed-inbox copies), charged apart from its messages. */
  kind: z.enum(["topup", "lookup", "send", "spam_test", "refund"]),
  amount: z.number(),
  items: z.number().int(),
  free_items: z.number().int(),
  balance_after: z.number(),
  lookup_id: z.number().int().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type BalanceTransaction = z.infer<typeof BalanceTransaction>;
export const BalanceTransactionPage = pageOf(BalanceTransaction);

const days = z.coerce.number().int().min(0).max(3650);

/**
 * How old a result may be and still be reused instead of paid again (30 days carrier and email, 31 DNC). A
 * certificate verdict is reused unless it was an error; a Reassigned Numbers answer only for the same date asked
 * about. The consent kinds came later: a client that does not send them keeps their defaults.
 */
export const LookupFreshness = z.object({
  carrier_days: days,
  email_days: days,
  dnc_days: days,
  consent_days: days.default(30),
  rnd_days: days.default(30),
});
export type LookupFreshness = z.infer<typeof LookupFreshness>;
export const DEFAULT_FRESHNESS: LookupFreshness = { carrier_days: 30, email_days: 30, dnc_days: 31, consent_days: 30, rnd_days: 30 };
