import {
  ALL_PHONES,
  type Keyword,
  type KeywordAction,
  KeywordActions,
  normalizeKeywordWords,
  SaveKeyword,
  type SaveKeywordInput,
} from "@leadflow/contracts";
import type { Control, FieldErrors, Resolver } from "react-hook-form";

/** A list as the picker shows it. */
export interface ListChoice {
  id: number;
  name: string;
  /** Its source, the picker's group. */
  source?: string;
}

export interface KeywordFormValues {
  words: string[];
  phones: string[];
  /** "" is the select's "none". */
  gateway_id: number | "";
  action: KeywordAction;
  list: ListChoice | null;
  /** Subscribe only: "Reply YES to confirm" first. */
  double_opt_in: boolean;
  automation_campaign_id: number | null;
  response_message: string;
}

/** The dialog's form, as its field components take it. */
export type KeywordControl = Control<KeywordFormValues, unknown, SaveKeywordInput>;

export const EMPTY_KEYWORD_FORM: KeywordFormValues = {
  words: [],
  phones: [ALL_PHONES],
  gateway_id: "",
  action: "reply",
  list: null,
  double_opt_in: false,
  automation_campaign_id: null,
  response_message: "",
};

const isTeamAction = (a: string): a is KeywordAction => (KeywordActions as readonly string[]).includes(a);

export function keywordFormFromRecord(k: Keyword): KeywordFormValues {
  return {
    words: k.values.values,
    phones: k.values.phones,
    gateway_id: k.gateway?.id ?? "",
    action: isTeamAction(k.action) ? k.action : "reply",
    list: k.list ? { id: k.list.id, name: k.list.name } : null,
    double_opt_in: k.double_opt_in,
    automation_campaign_id: k.automation_campaign_id,
    response_message: k.response_message,
  };
}

export function toSaveRequest(v: KeywordFormValues): SaveKeywordInput {
  return {
    values: { values: v.words, phones: v.phones },
    gateway_id: v.gateway_id === "" ? null : v.gateway_id,
    action: v.action,
    response_message: v.response_message,
    list_id: v.action === "subscribe" ? (v.list?.id ?? null) : null,
    double_opt_in: v.action === "subscribe" && v.double_opt_in,
    automation_campaign_id: v.action === "trigger" ? v.automation_campaign_id : null,
  };
}

/** The chips after an edit of the word input: as the server stores them (upper case, trimmed), each once. */
export const nextWords = (next: readonly string[]): string[] => normalizeKeywordWords(next);

/**
 * The numbers after a pick: choosing All numbers replaces the numbers, choosing a number leaves All numbers (the
 * two mean different things, and `*` alone is what the server keeps anyway).
 */
export function nextPhones(previous: readonly string[], next: readonly string[]): string[] {
  const added = next.filter((p) => !previous.includes(p));
  if (added.includes(ALL_PHONES)) return [ALL_PHONES];
  return added.length > 0 ? next.filter((p) => p !== ALL_PHONES) : [...next];
}

/** Where a 422's field error shows: the request's field names → the dialog's fields. */
const ERROR_FIELDS: Record<string, keyof KeywordFormValues> = {
  values: "words",
  "values.values": "words",
  "values.phones": "phones",
  gateway_id: "gateway_id",
  action: "action",
  list_id: "list",
  automation_campaign_id: "automation_campaign_id",
  response_message: "response_message",
};
export const formErrorPath = (serverKey: string): string | null => ERROR_FIELDS[serverKey] ?? null;

/** The contract's own check on the request the dialog would send, its messages on the dialog's fields. */
export const keywordFormResolver: Resolver<KeywordFormValues, unknown, SaveKeywordInput> = async (values) => {
  const request = toSaveRequest(values);
  const result = SaveKeyword.safeParse(request);
  if (result.success) return { values: request, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = formErrorPath(issue.path.join("."));
    if (field) errors[field] ??= { type: "validate", message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<KeywordFormValues> };
};
