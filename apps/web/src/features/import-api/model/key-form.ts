import { type ImportListRecord, SaveImportList } from "@leadflow/contracts";
import { z } from "zod";
import { type LookupOptions, NO_LOOKUPS } from "../../../components/lookup-toggles/lookup-options";

/** A source or a list as the pickers show it. */
export interface Choice {
  id: number;
  name: string;
}

/** '' is the select's "not set" (the contract turns it into null). */
export type StatusValue = number | "";

export interface KeyFormValues {
  name: string;
  source: Choice | null;
  list: Choice | null;
  lookups: LookupOptions;
  lead_status: StatusValue;
  email_status: StatusValue;
  phone_status: StatusValue;
}

const choice = (message: string) =>
  z
    .object({ id: z.number().int().positive(), name: z.string() })
    .nullable()
    .refine((v) => v !== null, message);

/**
 * The dialog's schema: the contract's own fields, with the source and the list as picker choices. The contract
 * lets `source_id` out (the list implies it); the form asks for it, since the list picker needs a source.
 */
export function keyFormSchema(messages: { sourceRequired: string; listRequired: string }) {
  const s = SaveImportList.shape;
  return z.object({
    name: s.name,
    source: choice(messages.sourceRequired),
    list: choice(messages.listRequired),
    lookups: z.object({
      check_mobile_status: z.boolean(),
      check_sms_dnc: z.boolean(),
      check_email_status: z.boolean(),
      sms_lookup_gateway_id: z.number().nullable(),
      sms_dnc_gateway_id: z.number().nullable(),
      email_lookup_gateway_id: z.number().nullable(),
    }),
    lead_status: z.union([z.number(), z.literal("")]),
    email_status: z.union([z.number(), z.literal("")]),
    phone_status: z.union([z.number(), z.literal("")]),
  });
}

export const EMPTY_KEY_FORM: KeyFormValues = {
  name: "",
  source: null,
  list: null,
  lookups: NO_LOOKUPS,
  lead_status: "",
  email_status: "",
  phone_status: "",
};

export function keyFormFromRecord(r: ImportListRecord): KeyFormValues {
  return {
    name: r.name,
    source: { id: r.source.id, name: r.source.name },
    list: { id: r.list.id, name: r.list.name },
    lookups: {
      check_mobile_status: r.check_mobile_status,
      check_sms_dnc: r.check_sms_dnc,
      check_email_status: r.check_email_status,
      sms_lookup_gateway_id: r.sms_lookup_gateway_id,
      sms_dnc_gateway_id: r.sms_dnc_gateway_id,
      email_lookup_gateway_id: r.email_lookup_gateway_id,
    },
    lead_status: r.lead_status ?? "",
    email_status: r.email_status ?? "",
    phone_status: r.phone_status ?? "",
  };
}

/** A list belongs to one source: choosing another source (or none) takes the chosen list away. */
export function listAfterSourceChange(previous: Choice | null, next: Choice | null, list: Choice | null): Choice | null {
  return previous?.id === next?.id ? list : null;
}

const statusOrNull = (v: StatusValue) => (v === "" ? null : v);

/** The body of POST /api/import-lists and PUT /api/import-lists/{id}. A gateway is sent only with its lookup on. */
export function toSaveRequest(v: KeyFormValues): SaveImportList {
  const l = v.lookups;
  return {
    name: v.name.trim(),
    source_id: v.source?.id,
    list_id: v.list?.id ?? 0,
    check_mobile_status: l.check_mobile_status,
    check_sms_dnc: l.check_sms_dnc,
    check_email_status: l.check_email_status,
    sms_lookup_gateway_id: l.check_mobile_status ? l.sms_lookup_gateway_id : null,
    sms_dnc_gateway_id: l.check_sms_dnc ? l.sms_dnc_gateway_id : null,
    email_lookup_gateway_id: l.check_email_status ? l.email_lookup_gateway_id : null,
    lead_status: statusOrNull(v.lead_status) as SaveImportList["lead_status"],
    email_status: statusOrNull(v.email_status) as SaveImportList["email_status"],
    phone_status: statusOrNull(v.phone_status) as SaveImportList["phone_status"],
  };
}

export type KeyFormField = "name" | "source" | "list" | "lookups" | "lead_status" | "email_status" | "phone_status";

/** Where a 422's field error shows: the request's field names → the dialog's fields. */
export const KEY_FORM_ERROR_FIELDS: Record<string, KeyFormField> = {
  name: "name",
  source_id: "source",
  list_id: "list",
  check_mobile_status: "lookups",
  check_sms_dnc: "lookups",
  check_email_status: "lookups",
  sms_lookup_gateway_id: "lookups",
  sms_dnc_gateway_id: "lookups",
  email_lookup_gateway_id: "lookups",
  lead_status: "lead_status",
  email_status: "email_status",
  phone_status: "phone_status",
};

/** The API key cell shows the ends of a long key (when that saves a few characters); a copy copies the whole key. */
export function shortKey(key: string, head = 8, tail = 6): string {
  return key.length <= head + tail + 3 ? key : `${key.slice(0, head)}…${key.slice(-tail)}`;
}
