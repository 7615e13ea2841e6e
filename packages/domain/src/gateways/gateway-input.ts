import {
  type GatewayKind,
  type GatewaySender,
  type GatewaySenders,
  gatewayTypeInfo,
  isLookupKind,
  type SaveGateway,
  SECRET_MASK_PREFIX,
  type SenderGroup,
  SenderGroups,
} from "@leadflow/contracts";
import { publicUrlProblem, type Resolve } from "../shared/public-url";
import { EMPTY_SECRETS, type StoredSecrets } from "./gateway-secrets";

/** What a save writes: plain params, secrets to seal, cleaned senders (sender credentials blanked). */
export interface GatewayValues {
  kind: GatewayKind;
  type: string;
  name: string;
  active: boolean;
  allowLookup: boolean;
  isForce: boolean;
  rateLimit: number | null;
  params: Record<string, string>;
  secrets: StoredSecrets;
  senders: GatewaySenders;
}

/** The saved gateway an update starts from: masked or empty secrets keep these. */
export interface StoredGateway {
  kind: string;
  type: string;
  secrets: StoredSecrets;
}

export type FieldErrors = Record<string, string[]>;

const URL_PROBLEMS: Record<string, (label: string) => string> = {
  not_url: (l) => `The ${l} must be a valid URL.`,
  not_https: (l) => `The ${l} must start with https://.`,
  credentials: (l) => `The ${l} must not contain a user name or password.`,
  numeric_form: (l) => `The ${l} must use a host name or a dotted IP address.`,
  private: (l) => `The ${l} must point to a public host, not a local, private or metadata address.`,
};

/** A secret sent back as its mask, or not at all, means "keep what is saved". */
export const keepsSecret = (v: string | undefined) => !v || v.startsWith(SECRET_MASK_PREFIX);

const EMPTY_SENDERS: GatewaySenders = { numbers: [], pools: [], dids: [], did_groups: [], list: [] };

/** The key of a sender row's own credential in the sealed secrets (gateway9: one key per account). */
export const senderSecretKey = (group: string, row: GatewaySender) => `${group}:${row.account_id ?? row.id ?? row.number ?? ""}`;

/**
 * Keeps the groups and columns the type's sender shape uses (a twilio gateway has no DIDs), drops rows without
 * their key column, and moves a row's credential into the secrets (a masked one keeps the saved credential).
 */
function cleanSenders(
  groups: readonly SenderGroup[],
  input: Partial<GatewaySenders> | undefined,
  stored: StoredSecrets,
  secrets: Record<string, string>,
): GatewaySenders {
  const out: GatewaySenders = { ...EMPTY_SENDERS };
  for (const group of groups) {
    const rows: GatewaySender[] = [];
    for (const raw of input?.[group.key] ?? []) {
      const row: GatewaySender = {};
      for (const c of group.columns) {
        const v = raw[c.key]?.trim();
        if (v) row[c.key] = v;
      }
      if (group.columns.some((c) => c.required && !row[c.key])) continue;
      for (const c of group.columns.filter((col) => col.secret)) {
        const given = row[c.key];
        const key = senderSecretKey(group.key, row);
        const value = keepsSecret(given) ? stored.senders[key] : given;
        if (value) secrets[key] = value;
        delete row[c.key];
      }
      rows.push(row);
    }
    out[group.key] = rows;
  }
  return out;
}

/**
 * Checks a create or update request against its type's fields and splits it into what is stored in
 * the clear and what is sealed. Unknown param keys are dropped; required fields must end up with a value;
 * URL fields must be https to a public host; fields with a format must match it.
 */
export async function gatewayValues(
  input: SaveGateway,
  stored: StoredGateway | null,
  resolve?: Resolve,
): Promise<{ values: GatewayValues } | { errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const info = gatewayTypeInfo(input.kind, input.type);
  if (!info) return { errors: { type: ["The selected type is invalid."] } };
  // Only the same type's saved secrets apply (the dialog cannot change the type; a test draft could).
  const saved = stored && stored.kind === input.kind && stored.type === input.type ? stored.secrets : EMPTY_SECRETS;

  const params: Record<string, string> = {};
  const secretParams: Record<string, string> = {};
  for (const field of info.fields) {
    const given = input.params[field.key]?.trim() ?? "";
    const value = field.secret && keepsSecret(given) ? (saved.params[field.key] ?? "") : given;
    if (!value) {
      if (field.required) errors[`params.${field.key}`] = [`The ${field.label} field is required.`];
      continue;
    }
    if (field.format && !field.format.pattern.test(value)) errors[`params.${field.key}`] = [field.format.message];
    if (field.url) {
      const problem = await publicUrlProblem(value, resolve);
      if (problem) errors[`params.${field.key}`] = [URL_PROBLEMS[problem]!(field.label)];
    }
    if (field.secret) secretParams[field.key] = value;
    else params[field.key] = value;
  }

  const senderSecrets: Record<string, string> = {};
  const senders = cleanSenders(SenderGroups[info.senders], input.senders, saved, senderSecrets);
  if (Object.keys(errors).length > 0) return { errors };

  const lookup = isLookupKind(input.kind);
  return {
    values: {
      kind: input.kind,
      type: input.type,
      name: input.name,
      active: input.active,
      allowLookup: lookup ? input.allow_lookup : false,
      isForce: lookup ? input.is_force : false,
      rateLimit: input.rate_limit ?? null,
      params,
      secrets: { params: secretParams, senders: senderSecrets },
      senders,
    },
  };
}

/** `••••` and the last 4 characters; a secret shorter than 8 shows none of itself. */
export function maskSecret(value: string): string {
  return value.length < 8 ? SECRET_MASK_PREFIX : `${SECRET_MASK_PREFIX}${value.slice(-4)}`;
}
