import {
  type LookupGatewayKind,
  type LookupType,
  LookupTypeGatewayKind,
  LookupTypes,
  type RelookupLead,
  RelookupLeadTypeOf,
  RelookupLeadTypes,
} from "@leadflow/contracts";

/**
 * Where a lookup is started from, and the endpoint that takes that screen's selection (spec 1 §7, spec 2 §7):
 * selected sources, lists, audiences, or lookups of the Lookup Management table.
 */
export const RunLookupScopes = {
  sources: "/sources/lookup",
  lists: "/sources/lists/lookup",
  segments: "/segments/lookup/batch",
  lookups: "/lookup-start",
} as const;
export type RunLookupScope = keyof typeof RunLookupScopes;

/** The 'Run Lookup' / 'Relookup' submenu order (spec 1 §2): SMS Lookup, SMS DNC, Email Lookup. */
export const RUN_LOOKUP_TYPES = [LookupTypes.sms, LookupTypes.sms_dnc, LookupTypes.email] as const satisfies readonly LookupType[];

export const gatewayKindFor = (type: LookupType): LookupGatewayKind => LookupTypeGatewayKind[type];

/**
 * The confirm prompt's key. Spec 2 §8 gives two verbatim ('…sms leads in selected sources?', '…email leads in
 * selected lists?'); the other scope and type pairs follow their wording.
 */
export const confirmKey = (scope: RunLookupScope, type: LookupType) => `lookups.confirm.${scope}.${type}` as const;

/** A lead's relookup names its type the spec's way: lead_phone, lead_email, sms_dnc. */
export function relookupLeadType(type: LookupType): RelookupLead["lead_type"] {
  const found = RelookupLeadTypes.find((k) => RelookupLeadTypeOf[k] === type);
  if (!found) throw new Error(`no relookup type for lookup type ${type}`);
  return found;
}
