import { z } from "zod";
import { ListQuery, pageOf, text } from "./common";

/*
 * Settings → Keywords (docs/inbound.md): words a lead texts to one of the team's numbers, and what
 * the product does then. The system keywords (STOP, START, HELP and their variants) are every team's, locked.
 */

/** What a team's keyword does: reply, subscribe to a list, unsubscribe, or start a trigger campaign. */
export const KeywordActions = ["reply", "subscribe", "unsubscribe", "trigger"] as const;
export type KeywordAction = (typeof KeywordActions)[number];
/** The system keywords' actions: the STOP, START and HELP sets of the inbound handler. */
export const SystemKeywordActions = ["stop", "start", "help"] as const;
export type SystemKeywordAction = (typeof SystemKeywordActions)[number];
export type AnyKeywordAction = KeywordAction | SystemKeywordAction;

export const KeywordActionLabels = {
  reply: "Reply",
  subscribe: "Subscribe to list",
  unsubscribe: "Unsubscribe",
  trigger: "Start trigger campaign",
  stop: "Opt out (STOP)",
  start: "Opt back in (START)",
  help: "Help (HELP)",
} as const satisfies Record<AnyKeywordAction, string>;

/** `*` in a keyword's phones: every number of the team. */
export const ALL_PHONES = "*";

export const KeywordLimits = { words: 50, wordLength: 30, phones: 200, responseMessage: 1600 } as const;

/**
 * A word as stored and matched: NFKC (fullwidth letters, ligatures), upper case, trimmed, inner whitespace one
 * space. The inbound handler reads a reply the same way, so what a person types here is what matches.
 */
export function normalizeKeywordWord(raw: string): string {
  return raw.normalize("NFKC").toUpperCase().replace(/\s+/g, " ").trim();
}

/** The words of a keyword: normalised, blanks dropped, repeats kept once, in the order given. */
export function normalizeKeywordWords(raw: readonly string[]): string[] {
  return [...new Set(raw.map(normalizeKeywordWord).filter((w) => w !== ""))];
}

const words = z
  .array(text({ error: "Each keyword must be text." }).max(200, "A keyword may not be greater than 30 characters."), {
    error: "The keywords field must be a list.",
  })
  .max(500, `A keyword may have at most ${KeywordLimits.words} words.`)
  .transform(normalizeKeywordWords)
  .superRefine((list, ctx) => {
    if (list.length === 0) ctx.addIssue({ code: "custom", message: "Add at least one keyword." });
    if (list.length > KeywordLimits.words)
      ctx.addIssue({ code: "custom", message: `A keyword may have at most ${KeywordLimits.words} words.` });
    const long = list.find((w) => w.length > KeywordLimits.wordLength);
    if (long) ctx.addIssue({ code: "custom", message: `${long} is longer than ${KeywordLimits.wordLength} characters.` });
  });

/** `*` alone stands for every number; the numbers themselves are checked against the team's gateways by the domain. */
const phones = z
  .array(text({ error: "Each number must be text." }).trim().max(40, "A number may not be greater than 40 characters."), {
    error: "The numbers field must be a list.",
  })
  .max(KeywordLimits.phones, `A keyword may have at most ${KeywordLimits.phones} numbers.`)
  .default([ALL_PHONES])
  .transform((list) => {
    const kept = [...new Set(list.filter((p) => p !== ""))];
    return kept.includes(ALL_PHONES) ? [ALL_PHONES] : kept;
  })
  .refine((list) => list.length > 0, "Choose at least one number, or All numbers.");

const optionalId = (field: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z.coerce
      .number({ error: `The selected ${field} is invalid.` })
      .int(`The selected ${field} is invalid.`)
      .positive(`The selected ${field} is invalid.`)
      .max(2_147_483_647, `The selected ${field} is invalid.`)
      .nullable(),
  );

/**
 * POST /api/sms-keywords and PUT /api/sms-keywords/{id}. Reply needs its message, Subscribe its list; the list and
 * the trigger campaign are kept only for the action that uses them.
 */
export const SaveKeyword = z
  .object({
    values: z.object({ values: words, phones }, { error: "The keywords field is required." }),
    gateway_id: optionalId("gateway"),
    action: z.enum(KeywordActions, { error: "The selected action is invalid." }),
    response_message: text()
      .trim()
      .max(KeywordLimits.responseMessage, `The response message may not be greater than ${KeywordLimits.responseMessage} characters.`)
      .nullish()
      .transform((v) => v ?? ""),
    list_id: optionalId("list"),
    /** Subscribe only: ask "Reply YES to confirm" first, subscribe on the YES (docs/opt-in.md). */
    double_opt_in: z.boolean().default(false),
    /** Trigger campaigns arrive with Campaigns: the id is stored as given until then. */
    automation_campaign_id: optionalId("campaign"),
  })
  .superRefine((v, ctx) => {
    if (v.action === "reply" && v.response_message === "")
      ctx.addIssue({ code: "custom", path: ["response_message"], message: "The response message is required for the Reply action." });
    if (v.action === "subscribe" && v.list_id === null)
      ctx.addIssue({ code: "custom", path: ["list_id"], message: "Choose the list to subscribe to." });
  })
  .transform((v) => ({
    ...v,
    list_id: v.action === "subscribe" ? v.list_id : null,
    double_opt_in: v.action === "subscribe" && v.double_opt_in,
    automation_campaign_id: v.action === "trigger" ? v.automation_campaign_id : null,
  }));
export type SaveKeyword = z.infer<typeof SaveKeyword>;
export type SaveKeywordInput = z.input<typeof SaveKeyword>;

const Ref = z.object({ id: z.number().int(), name: z.string() });

export const Keyword = z.object({
  id: z.number().int(),
  values: z.object({ values: z.array(z.string()), phones: z.array(z.string()) }),
  /** Every team's STOP, START and HELP sets: shown locked, never changed. */
  is_system: z.boolean(),
  gateway: Ref.nullable(),
  response_message: z.string(),
  action: z.enum([...KeywordActions, ...SystemKeywordActions]),
  list: Ref.nullable(),
  double_opt_in: z.boolean(),
  automation_campaign_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Keyword = z.infer<typeof Keyword>;
export const KeywordPage = pageOf(Keyword);
export type KeywordPage = z.infer<typeof KeywordPage>;

export const KeywordSortKeys = ["id", "action", "created_at"] as const;
/** GET /api/sms-keywords: the system keywords first, then the team's; `search` finds a word. */
export const ListKeywordsQuery = ListQuery;
export type ListKeywordsQuery = z.infer<typeof ListKeywordsQuery>;

/** A number a keyword may listen on: a sender number of the team's SMS gateways, with the gateways that have it. */
export const KeywordPhoneOption = z.object({ phone: z.string(), gateways: z.array(Ref) });
export type KeywordPhoneOption = z.infer<typeof KeywordPhoneOption>;
export const KeywordPhoneOptions = z.object({ data: z.array(KeywordPhoneOption) });
export type KeywordPhoneOptions = z.infer<typeof KeywordPhoneOptions>;

export const SystemKeywordLocked = "System keywords cannot be changed.";
