import {
  type Gateway,
  type GatewayKind,
  type GatewaySender,
  type GatewaySenders,
  type GatewayTypeInfo,
  gatewayTypeInfo,
  gatewayTypesOf,
  isLookupKind,
  MAX_LOOKUP_RATE,
  type SaveGateway,
  SECRET_MASK_PREFIX,
  type SenderGroup,
  SenderGroups,
} from "@leadflow/contracts";

export interface GatewayFormValues {
  kind: GatewayKind;
  type: string;
  name: string;
  /** Every field of the type; a saved secret starts empty (its mask is the placeholder) and empty keeps it. */
  params: Record<string, string>;
  active: boolean;
  is_force: boolean;
  allow_lookup: boolean;
  /** The text of the input: "" means the default pace. */
  rate_limit: string;
  senders: GatewaySenders;
}

export const emptySenders = (): GatewaySenders => ({ numbers: [], pools: [], dids: [], did_groups: [], list: [] });

export const typeInfo = (kind: GatewayKind, type: string): GatewayTypeInfo | undefined => gatewayTypeInfo(kind, type);
export const senderGroupsOf = (kind: GatewayKind, type: string): readonly SenderGroup[] => {
  const info = typeInfo(kind, type);
  return info ? SenderGroups[info.senders] : [];
};

/** A new gateway of a kind: the kind's first type (its real provider; the sandbox comes last). */
export function emptyGatewayForm(kind: GatewayKind): GatewayFormValues {
  return withType(
    { kind, type: "", name: "", params: {}, active: true, is_force: false, allow_lookup: true, rate_limit: "", senders: emptySenders() },
    gatewayTypesOf(kind)[0] ?? "",
  );
}

/** Another type starts from empty fields and senders: the old type's keys mean nothing to it. */
export function withType(v: GatewayFormValues, type: string): GatewayFormValues {
  const fields = typeInfo(v.kind, type)?.fields ?? [];
  return { ...v, type, params: Object.fromEntries(fields.map((f) => [f.key, ""])), senders: emptySenders() };
}

export function withKind(v: GatewayFormValues, kind: GatewayKind): GatewayFormValues {
  return withType({ ...v, kind }, gatewayTypesOf(kind)[0] ?? "");
}

/** The saved masks, by field key: the placeholders of the secret inputs while editing. */
export function savedMasks(g: Gateway | undefined): Record<string, string> {
  if (!g) return {};
  const fields = typeInfo(g.kind, g.type)?.fields ?? [];
  return Object.fromEntries(fields.filter((f) => f.secret && g.params[f.key]).map((f) => [f.key, g.params[f.key]!]));
}

export function gatewayFormFromRecord(g: Gateway): GatewayFormValues {
  const fields = typeInfo(g.kind, g.type)?.fields ?? [];
  return {
    kind: g.kind,
    type: g.type,
    name: g.name,
    params: Object.fromEntries(fields.map((f) => [f.key, f.secret ? "" : (g.params[f.key] ?? "")])),
    active: g.active,
    is_force: g.is_force,
    allow_lookup: g.allow_lookup,
    rate_limit: g.rate_limit === null ? "" : String(g.rate_limit),
    senders: { ...emptySenders(), ...g.senders },
  };
}

const hasValue = (row: GatewaySender, group: SenderGroup) => group.columns.some((c) => (row[c.key] ?? "").trim() !== "");

/** The body of POST /gateways and PUT /gateways/{id}: the type's fields only, lookup settings only for lookups. */
export function toSaveRequest(v: GatewayFormValues): SaveGateway {
  const fields = typeInfo(v.kind, v.type)?.fields ?? [];
  const lookup = isLookupKind(v.kind);
  const senders = emptySenders();
  for (const group of senderGroupsOf(v.kind, v.type)) {
    senders[group.key] = v.senders[group.key]
      .filter((row) => hasValue(row, group))
      .map((row) => Object.fromEntries(group.columns.map((c) => [c.key, (row[c.key] ?? "").trim()])));
  }
  return {
    kind: v.kind,
    type: v.type,
    name: v.name.trim(),
    active: v.active,
    allow_lookup: lookup ? v.allow_lookup : false,
    is_force: lookup ? v.is_force : false,
    rate_limit: v.rate_limit.trim() !== "" ? Number(v.rate_limit) : null,
    params: Object.fromEntries(fields.map((f) => [f.key, (v.params[f.key] ?? "").trim()])),
    senders,
  };
}

/**
 * What the form can tell before asking the server, worded like the server: the name, the type's required fields
 * (a saved secret left empty is kept, so it counts as filled), each field's format and the rate limit's range. Keys are the form's paths.
 */
export function validateGatewayForm(v: GatewayFormValues, masks: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.name.trim()) errors.name = "The name field is required.";
  for (const f of typeInfo(v.kind, v.type)?.fields ?? []) {
    const value = (v.params[f.key] ?? "").trim();
    const kept = f.secret && (value === "" || value.startsWith(SECRET_MASK_PREFIX)) && !!masks[f.key];
    if (f.required && !value && !kept) errors[`params.${f.key}`] = `The ${f.label} field is required.`;
    else if (value && !kept && f.format && !f.format.pattern.test(value)) errors[`params.${f.key}`] = f.format.message;
  }
  if (v.rate_limit.trim() !== "") {
    const n = Number(v.rate_limit);
    if (!Number.isInteger(n) || n < 1 || n > MAX_LOOKUP_RATE)
      errors.rate_limit = `The rate limit must be a whole number from 1 to ${MAX_LOOKUP_RATE}.`;
  }
  return errors;
}

/** Server field keys (`params.auth_token`, `senders.numbers.0.number`) that the form shows under a field. */
export function formErrorPath(serverKey: string): string | null {
  if (["name", "kind", "type", "rate_limit"].includes(serverKey) || /^params\.[\w-]+$/.test(serverKey)) return serverKey;
  if (/^senders\.\w+/.test(serverKey)) return serverKey.split(".").slice(0, 2).join(".");
  return null;
}
