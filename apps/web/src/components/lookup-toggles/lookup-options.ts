/** The lookups that run on imported leads: stored with a file import and with an import API key alike. */
export interface LookupOptions {
  check_mobile_status: boolean;
  check_sms_dnc: boolean;
  check_email_status: boolean;
  sms_lookup_gateway_id: number | null;
  sms_dnc_gateway_id: number | null;
  email_lookup_gateway_id: number | null;
}

export interface LookupToggle {
  kind: "smsLookup" | "smsDnc" | "emailLookup";
  check: "check_mobile_status" | "check_sms_dnc" | "check_email_status";
  gateway: "sms_lookup_gateway_id" | "sms_dnc_gateway_id" | "email_lookup_gateway_id";
  label: string;
}

/** The toggles' order: 'Lookup phone numbers', 'SMS DNC', 'Lookup emails' (docs/product/accounts-sources-leads.md). */
export const LOOKUP_TOGGLES = [
  { kind: "smsLookup", check: "check_mobile_status", gateway: "sms_lookup_gateway_id", label: "lookups.lookupPhones" },
  { kind: "smsDnc", check: "check_sms_dnc", gateway: "sms_dnc_gateway_id", label: "lookups.smsDnc" },
  { kind: "emailLookup", check: "check_email_status", gateway: "email_lookup_gateway_id", label: "lookups.lookupEmails" },
] as const satisfies readonly LookupToggle[];

export const NO_LOOKUPS: LookupOptions = {
  check_mobile_status: false,
  check_sms_dnc: false,
  check_email_status: false,
  sms_lookup_gateway_id: null,
  sms_dnc_gateway_id: null,
  email_lookup_gateway_id: null,
};
