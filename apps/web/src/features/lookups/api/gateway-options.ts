import type { GatewayOption, LookupGatewayKind } from "@leadflow/contracts";
import { useGatewayOptions } from "../../integrations";

export interface LookupGateways {
  options: GatewayOption[];
  loading: boolean;
  error: unknown;
}

/** The active gateways of a lookup kind that allow lookups, as the pickers read them. */
export function useLookupGateways(kind: LookupGatewayKind, enabled = true): LookupGateways {
  const query = useGatewayOptions(kind, { enabled });
  return { options: query.data ?? [], loading: query.isPending && enabled, error: query.error };
}

/** The import toggles' three pickers (Match Format, the import API key form), fetched while `enabled`. */
export function useLookupToggleGateways(enabled = true) {
  return {
    smsLookup: useLookupGateways("sms_lookup", enabled).options,
    smsDnc: useLookupGateways("sms_dnc", enabled).options,
    emailLookup: useLookupGateways("email_lookup", enabled).options,
  };
}
