import {
  type LookupGatewayKind,
  type LookupType,
  LookupTypeGatewayKind,
  LookupTypes,
  type RelookupLead,
  RelookupLeadTypeOf,
  RelookupLeadTypes,
  SegmentLookupBatch,
} from "@leadflow/contracts";

/**
 * Where a lookup is started from, and the endpoint that takes that screen's selection:
 * selected sources, lists, audiences, lookups of the Lookup Management table, or the leads table's selection.
 */
export const RunLookupScopes = {
  sources: "/sources/lookup",
  lists: "/sources/lists/lookup",
  segments: "/segments/lookup/batch",
  lookups: "/lookup-start",
  leads: "/leads/lookup",
} as const;
export type RunLookupScope = keyof typeof RunLookupScopes;

/** The lead page's 'Relookup' submenu (the kinds the server looks up again for one lead): SMS Lookup, SMS DNC, Email Lookup. */
export const RELOOKUP_TYPES = [LookupTypes.sms, LookupTypes.sms_dnc, LookupTypes.email] as const satisfies readonly LookupType[];

/** The 'Run Lookup' submenu: the relookup's three, then the consent checks. */
export const RUN_LOOKUP_TYPES = [
  ...RELOOKUP_TYPES,
  LookupTypes.consent_certificates,
  LookupTypes.rnd,
] as const satisfies readonly LookupType[];

/** The types a scope's endpoint takes: the audiences' batch endpoint names its own. */
export function runLookupTypes(scope: RunLookupScope): LookupType[] {
  if (scope !== "segments") return [...RUN_LOOKUP_TYPES];
  return RUN_LOOKUP_TYPES.filter((type) => SegmentLookupBatch.shape.type.safeParse(type).success);
}

export const gatewayKindFor = (type: LookupType): LookupGatewayKind => LookupTypeGatewayKind[type];

/**
 * The confirm prompt's key. Two are fixed product wording ('…sms leads in selected sources?', '…email leads in
 * selected lists?'); the other scope and type pairs follow their wording. The leads table's prompts count the
 * selection (`tn`).
 */
export const confirmKey = <S extends RunLookupScope>(scope: S, type: LookupType) => `lookups.confirm.${scope}.${type}` as const;

/** A lead's relookup names its type the API's way: lead_phone, lead_email, sms_dnc. */
export function relookupLeadType(type: LookupType): RelookupLead["lead_type"] {
  const found = RelookupLeadTypes.find((k) => RelookupLeadTypeOf[k] === type);
  if (!found) throw new Error(`no relookup type for lookup type ${type}`);
  return found;
}
