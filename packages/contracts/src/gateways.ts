import { z } from "zod";
import { ListQuery, pageOf, text } from "./common";

/*
 * Integrations: the kinds of gateway a team configures, the provider
 * types of each kind and the fields each type asks for. One table drives the add/edit dialog, the server's
 * validation and which fields are secret (encrypted at rest, never returned in full).
 */

/** The stacked tables of Settings → Integrations: the product's five, then the consent checks. */
export const GatewayKinds = ["sms", "email", "email_lookup", "sms_lookup", "sms_dnc", "consent_certificates", "rnd"] as const;
export type GatewayKind = (typeof GatewayKinds)[number];

/** The dialog's Type select (SMS, SMS Lookup, SMS DNC, Email, Email Lookup) and the tables' titles. */
export const GatewayKindLabels = {
  sms: "SMS",
  sms_lookup: "SMS Lookup",
  sms_dnc: "SMS DNC",
  email: "Email",
  email_lookup: "Email Lookup",
  consent_certificates: "Consent certificates",
  rnd: "Reassigned Numbers",
} as const satisfies Record<GatewayKind, string>;
export const GatewayKindSelectOrder = [
  "sms",
  "sms_lookup",
  "sms_dnc",
  "email",
  "email_lookup",
  "consent_certificates",
  "rnd",
] as const satisfies readonly GatewayKind[];
export const GatewayKindTitles = {
  sms: "SMS gateways",
  email: "Email gateways",
  email_lookup: "Email Lookup gateways",
  sms_lookup: "SMS Lookup gateways",
  sms_dnc: "SMS DNC gateways",
  consent_certificates: "Consent certificate gateways",
  rnd: "Reassigned Numbers gateways",
} as const satisfies Record<GatewayKind, string>;

/** The lookup kinds: they run lookup jobs, carry `is_force` and a rate limit. */
export const LookupGatewayKinds = [
  "email_lookup",
  "sms_lookup",
  "sms_dnc",
  "consent_certificates",
  "rnd",
] as const satisfies readonly GatewayKind[];
export type LookupGatewayKind = (typeof LookupGatewayKinds)[number];
export const isLookupKind = (k: GatewayKind): k is LookupGatewayKind => (LookupGatewayKinds as readonly string[]).includes(k);

export interface GatewayField {
  /** Key under `params`. */
  key: string;
  label: string;
  /** Encrypted at rest; answered masked (`••••1234`); an update that sends the mask or nothing keeps it. */
  secret: boolean;
  required: boolean;
  /** A hint under the field. */
  help?: string;
  /** An address the server will call: https to a public host only (no loopback, private or metadata addresses). */
  url?: boolean;
  /** A value that must match `pattern`, or 422 with `message` under the field. */
  format?: { pattern: RegExp; message: string };
}

/** The shapes of the SMS gateways' sender settings (docs/providers.md, "SMS gateway types"). */
export type SenderShape =
  | "none"
  | "twilio" // pools [id, name], numbers [number, type]
  | "list" // a list of sender names/ids
  | "named_sender" // (name, sender)
  | "named_account" // (name, account_id, api_key)
  | "profile" // (name, Profile ID)
  | "dids" // dids [number], did_groups [id, name]
  | "number_name" // (number, name)
  | "numbers"; // a list of numbers

export interface GatewayTypeInfo {
  label: string;
  fields: GatewayField[];
  senders: SenderShape;
  /** Built in: deterministic results, no account needed (docs/providers.md lists its test numbers and addresses). */
  sandbox?: boolean;
}

const f = (key: string, label: string, secret = false, required = true, help?: string): GatewayField => ({
  key,
  label,
  secret,
  required,
  ...(help ? { help } : {}),
});

/** AWS region names: us-east-1, eu-west-2, ap-southeast-1, us-gov-west-1. */
const AWS_REGION = { pattern: /^[a-z]{2}(-gov)?-[a-z]+-\d$/, message: "Enter an AWS region such as us-east-1." };
/** Telnyx's webhook public key: the raw 32-byte Ed25519 key, base64 (44 characters ending in "="). */
const TELNYX_PUBLIC_KEY = {
  pattern: /^[A-Za-z0-9+/]{43}=$/,
  message: "Paste the Public Key exactly as Telnyx shows it (44 characters ending in =).",
};
/** SES configuration set names: up to 64 letters, digits, underscores and dashes. */
const SES_CONFIGURATION_SET = {
  pattern: /^[A-Za-z0-9_-]{1,64}$/,
  message: "A configuration set name has up to 64 letters, digits, underscores (_) and dashes (-).",
};

const sandbox: GatewayTypeInfo = { label: "Sandbox (test)", fields: [], senders: "none", sandbox: true };

/** Jornaya's account code and audit key are UUIDs. */
const JORNAYA_CODE = { pattern: /^[0-9A-Fa-f-]{8,64}$/, message: "Paste the code exactly as Jornaya's Member Portal shows it." };

/** Every provider type per kind and its fields. The first type of each kind is the dialog's default. */
export const GatewayTypes = {
  sms: {
    gateway1: { label: "Twilio", fields: [f("sys_id", "Account SID"), f("auth_token", "Auth Token", true)], senders: "twilio" },
    gateway7: {
      label: "MessageBird",
      fields: [
        f("api_key", "Api Key", true),
        // Optional: with it, status reports and inbound messages are checked against MessageBird-Signature-JWT.
        f("signing_key", "Signing Key", true, false, "MessageBird dashboard → Developers → Signing key; enables signed webhooks"),
      ],
      senders: "list",
    },
    gateway8: { label: "Teli", fields: [f("token", "Token", true)], senders: "named_sender" },
    gateway9: { label: "Commio (thinQ)", fields: [], senders: "named_account" },
    gateway10: {
      label: "Telnyx",
      fields: [
        f("token", "Api Key", true),
        // Not secret (Telnyx publishes it to verify its webhooks); optional: without it our own URL signature decides.
        {
          ...f("public_key", "Public Key", false, false, "Keys & Credentials → Public Key in the Telnyx portal; enables signed webhooks"),
          format: TELNYX_PUBLIC_KEY,
        },
      ],
      senders: "profile",
    },
    gateway11: {
      label: "Vonage",
      fields: [
        f("api_key", "Api Key", true),
        f("api_secret", "Api Secret", true),
        // Optional: with it, delivery receipts and replies are checked against Vonage's own `sig`.
        f("signature_secret", "Signature Secret", true, false, "Settings → API settings in the Vonage dashboard; enables signed webhooks"),
      ],
      senders: "none",
    },
    gateway12: { label: "Flowroute", fields: [f("token", "Token", true), f("api_secret", "Api Secret", true)], senders: "dids" },
    gateway13: { label: "SMS.to", fields: [f("api_key", "License Key", true)], senders: "number_name" },
    gateway14: {
      label: "HTTP (generic)",
      fields: [
        f("app_id", "App ID"),
        { ...f("base_url", "Base URL", false, true, "For example https://api.example.com"), url: true },
        // Optional: signs our requests and checks the partner's callbacks (docs/providers.md, HTTP (generic)).
        f("secret", "Signing secret", true, false, "HMAC-SHA256 key shared with the partner; signs requests and callbacks"),
      ],
      senders: "numbers",
    },
    gateway15: { label: "D7 Networks", fields: [f("api_key", "Api Key", true)], senders: "numbers" },
    sandbox: { ...sandbox, senders: "numbers" },
  },
  email: {
    aws_ses: {
      label: "Amazon SES",
      fields: [
        f("key", "Access Key ID"),
        f("secret", "Secret Access Key", true),
        // The region picks the host the gateway's signed requests go to: only a region name may.
        { ...f("region", "Region", false, true, "For example us-east-1"), format: AWS_REGION },
        {
          ...f(
            "configuration_set",
            "Configuration set",
            false,
            false,
            "Its SNS event destination reports bounces, complaints, opens and clicks",
          ),
          format: SES_CONFIGURATION_SET,
        },
      ],
      senders: "none",
    },
    sandbox,
  },
  email_lookup: {
    oversight: { label: "Oversight", fields: [f("api_token", "Api Token", true), f("list_id", "List ID")], senders: "none" },
    zerobounce: { label: "ZeroBounce", fields: [f("api_key", "Api Key", true)], senders: "none" },
    sandbox,
  },
  sms_lookup: {
    gateway1: {
      label: "Twilio Lookup",
      fields: [f("sys_id", "Account SID"), f("auth_token", "Auth Token", true)],
      senders: "none",
    },
    subscriber_verify: { label: "SubscriberVerify", fields: [f("api_key", "Api Key", true)], senders: "none" },
    sandbox,
  },
  sms_dnc: {
    black_list_alliance: { label: "Blacklist Alliance", fields: [f("api_key", "Api Key", true)], senders: "none" },
    sandbox,
  },
  consent_certificates: {
    trusted_form: {
      label: "TrustedForm",
      fields: [
        f("api_key", "Api Key", true, true, "TrustedForm → Settings → API keys; the certificates are retained in that account"),
        // Insights (page URL, capture time) need a Professional plan: without it TrustedForm refuses the whole call.
        {
          ...f("insights", "Insights", false, false, "Type yes when the account has TrustedForm Insights (page URL and capture time)"),
          format: { pattern: /^(yes|no)?$/i, message: "Type yes or no." },
        },
      ],
      senders: "none",
    },
    jornaya: {
      label: "Jornaya LeadiD",
      fields: [
        { ...f("account_code", "Account Code", true, true, "Member Portal → My Account (lac)"), format: JORNAYA_CODE },
        // With an audit key the check is the lead audit, which also says whether the phone and email match.
        {
          ...f("audit_key", "Audit Key", true, false, "The audit profile's key (lak); without it only authenticity is checked"),
          format: JORNAYA_CODE,
        },
        f("provider_code", "Provider Code", false, false, "Names the lead's provider in the audit (lpc); the consent's seller when empty"),
      ],
      senders: "none",
    },
    sandbox,
  },
  rnd: {
    fcc_rnd: { label: "FCC Reassigned Numbers Database", fields: [f("api_key", "Api Key", true)], senders: "none" },
    sandbox,
  },
} as const satisfies Record<GatewayKind, Record<string, GatewayTypeInfo>>;

export type GatewayTypeOf<K extends GatewayKind> = keyof (typeof GatewayTypes)[K] & string;
export const gatewayTypeInfo = (kind: GatewayKind, type: string): GatewayTypeInfo | undefined =>
  (GatewayTypes[kind] as Record<string, GatewayTypeInfo>)[type];
export const gatewayTypesOf = (kind: GatewayKind): string[] => Object.keys(GatewayTypes[kind]);

/** A lookup gateway's pace when none is set, and the highest a team may set (requests per second). */
export const DEFAULT_LOOKUP_RATE = 50;
export const MAX_LOOKUP_RATE = 1000;
/** A sending gateway's pace when none is set (messages per second; SMS in parts). */
export const DEFAULT_SEND_RATE = 10;

/** The pace a gateway of this kind runs at when its rate limit is empty. */
export const defaultRateOf = (kind: GatewayKind): number => (isLookupKind(kind) ? DEFAULT_LOOKUP_RATE : DEFAULT_SEND_RATE);

/** SMS gateway senders, in one shape for every sender kind; unused parts stay empty. */
export const GatewaySender = z.object({
  number: text().trim().max(40).optional(),
  name: text().trim().max(120).optional(),
  id: text().trim().max(120).optional(),
  type: text().trim().max(40).optional(),
  account_id: text().trim().max(120).optional(),
  api_key: text().trim().max(300).optional(),
});
export type GatewaySender = z.infer<typeof GatewaySender>;
export const GatewaySenders = z.object({
  numbers: z.array(GatewaySender).max(1000).default([]),
  pools: z.array(GatewaySender).max(1000).default([]),
  dids: z.array(GatewaySender).max(1000).default([]),
  did_groups: z.array(GatewaySender).max(1000).default([]),
  list: z.array(GatewaySender).max(1000).default([]),
});
export type GatewaySenders = z.infer<typeof GatewaySenders>;
export type GatewaySenderGroupKey = keyof GatewaySenders;

export interface SenderColumn {
  key: keyof GatewaySender;
  label: string;
  /** A credential inside a sender row (gateway9's per-account key): encrypted and masked like a secret field. */
  secret?: boolean;
  /** A closed list of values (a select instead of a text input). */
  options?: readonly string[];
  /** The row is kept only when this column has a value. */
  required?: boolean;
}
export interface SenderGroup {
  key: GatewaySenderGroupKey;
  label: string;
  /** The button under the rows ("Add number"). */
  addLabel: string;
  columns: readonly SenderColumn[];
}

/**
 * Which parts of `senders` each shape uses and what its columns mean. The dialog's row editors, the server's
 * clean-up (other groups and columns are dropped) and the pickers' `phone_numbers` all read this one table.
 */
export const SenderGroups = {
  none: [],
  twilio: [
    {
      key: "numbers",
      label: "Numbers",
      addLabel: "Add number",
      columns: [
        { key: "number", label: "Number", required: true },
        { key: "type", label: "Type", options: ["local", "toll_free", "short_code", "mobile"] },
      ],
    },
    {
      key: "pools",
      label: "Messaging services (pools)",
      addLabel: "Add pool",
      columns: [
        { key: "id", label: "Pool ID", required: true },
        { key: "name", label: "Name" },
      ],
    },
  ],
  list: [{ key: "list", label: "Senders", addLabel: "Add sender", columns: [{ key: "name", label: "Sender", required: true }] }],
  named_sender: [
    {
      key: "list",
      label: "Senders",
      addLabel: "Add sender",
      columns: [
        { key: "name", label: "Name" },
        { key: "number", label: "Sender", required: true },
      ],
    },
  ],
  named_account: [
    {
      key: "list",
      label: "Accounts",
      addLabel: "Add account",
      columns: [
        { key: "name", label: "Name" },
        { key: "account_id", label: "Account ID", required: true },
        { key: "api_key", label: "Api Key", secret: true },
      ],
    },
  ],
  profile: [
    {
      key: "list",
      label: "Profiles",
      addLabel: "Add profile",
      columns: [
        { key: "name", label: "Name" },
        { key: "id", label: "Profile ID", required: true },
      ],
    },
  ],
  dids: [
    { key: "dids", label: "DIDs", addLabel: "Add DID", columns: [{ key: "number", label: "Number", required: true }] },
    {
      key: "did_groups",
      label: "DID groups",
      addLabel: "Add DID group",
      columns: [
        { key: "id", label: "Group ID", required: true },
        { key: "name", label: "Name" },
      ],
    },
  ],
  number_name: [
    {
      key: "numbers",
      label: "Numbers",
      addLabel: "Add number",
      columns: [
        { key: "number", label: "Number", required: true },
        { key: "name", label: "Name" },
      ],
    },
  ],
  numbers: [{ key: "numbers", label: "Numbers", addLabel: "Add number", columns: [{ key: "number", label: "Number", required: true }] }],
} as const satisfies Record<SenderShape, readonly SenderGroup[]>;

/** Until when, and why, a gateway or sender is out of rotation. */
export const RotationPause = z.object({ until: z.string(), reason: z.string() });
export type RotationPause = z.infer<typeof RotationPause>;

export const Gateway = z.object({
  id: z.number().int(),
  kind: z.enum(GatewayKinds),
  name: z.string(),
  type: z.string(),
  /** The type's display name ("Twilio Lookup", "Sandbox (test)"). */
  type_alias: z.string(),
  active: z.boolean(),
  /** Platform-provided: dimmed, not editable or deletable. */
  default: z.boolean(),
  /** Lookup kinds: offered by the lookup pickers. */
  allow_lookup: z.boolean(),
  /** Lookup kinds: always ask the provider, never reuse a fresh result. */
  is_force: z.boolean(),
  /** Lookup kinds: requests per second this gateway is paced at. */
  rate_limit: z.number().int().nullable(),
  /** Non-secret fields as stored; secret fields masked (`••••1234`) or "" when unset. */
  params: z.record(z.string(), z.string()),
  senders: GatewaySenders,
  /** SMS and email kinds: taken out of rotation because carriers filter it (sender health); null: in rotation. */
  out_of_rotation: RotationPause.nullable(),
  /** Its senders taken out of rotation on their own. */
  senders_out_of_rotation: z.array(RotationPause.extend({ sender: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Gateway = z.infer<typeof Gateway>;

export const GatewayPage = pageOf(Gateway);
export type GatewayPage = z.infer<typeof GatewayPage>;

/** Gateway settings are fetched with limit 10000 (docs/product/audiences-lookups-settings.md). */
export const ListGatewaysQuery = ListQuery.extend({
  // Not ListQuery's limit with a higher max: its own max(1000) check would still apply.
  limit: z.coerce.number().int().min(1).max(10_000, "The limit may not be greater than 10000.").default(10_000),
  kind: z.enum(GatewayKinds).optional(),
});
export type ListGatewaysQuery = z.infer<typeof ListGatewaysQuery>;

export const SaveGateway = z.object({
  kind: z.enum(GatewayKinds),
  name: text().trim().min(1, "The name field is required.").max(120),
  type: text().trim().min(1, "The type field is required.").max(40),
  active: z.boolean().default(true),
  allow_lookup: z.boolean().default(true),
  is_force: z.boolean().default(false),
  rate_limit: z.coerce.number().int().min(1).max(MAX_LOOKUP_RATE).nullable().optional(),
  params: z.record(z.string(), text().max(2000)).default({}),
  senders: GatewaySenders.optional(),
});
export type SaveGateway = z.infer<typeof SaveGateway>;

/** The mask a secret is answered with; sending it back on update keeps the stored secret. */
export const SECRET_MASK_PREFIX = "••••";

/** Pickers (docs/product/audiences-lookups-settings.md): active gateways; for lookups only those that allow lookup. */
export const GatewayOption = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  phone_numbers: z.array(z.object({ key: z.string(), label: z.string() })).default([]),
});
export type GatewayOption = z.infer<typeof GatewayOption>;
export const GatewayOptions = z.object({ data: z.array(GatewayOption) });
export type GatewayOptions = z.infer<typeof GatewayOptions>;

/** Test connection from the dialog before saving; an edit sends its `id` so masked secrets resolve to the saved ones. */
export const TestGatewayDraft = SaveGateway.extend({ id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export type TestGatewayDraft = z.infer<typeof TestGatewayDraft>;

export const GatewaySaved = z.object({ message: z.string(), data: Gateway });
export type GatewaySaved = z.infer<typeof GatewaySaved>;

export const GatewayOptionsQuery = z.object({ kind: z.enum(GatewayKinds) });
export type GatewayOptionsQuery = z.infer<typeof GatewayOptionsQuery>;

export const TestGatewayResult = z.object({ ok: z.boolean(), message: z.string() });
export type TestGatewayResult = z.infer<typeof TestGatewayResult>;

/** An email gateway's verified senders: addresses, and domains any address of may send. */
const EmailSenderOption = z.object({ key: z.string(), label: z.string() });
export const EmailGatewaySenders = z.object({
  senders: z.array(EmailSenderOption),
  domains: z.array(EmailSenderOption),
  /** The provider could not be asked (wrong credentials, down): in words, with empty lists. */
  error: z.string().nullable(),
});
export type EmailGatewaySenders = z.infer<typeof EmailGatewaySenders>;
