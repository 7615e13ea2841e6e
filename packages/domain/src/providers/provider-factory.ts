import { assertNever, type GatewayKind, type GatewayTypeOf, type LookupGatewayKind } from "@leadflow/contracts";
import { blacklistAllianceAdapter } from "./blacklist-alliance.adapter";
import { oversightAdapter } from "./oversight.adapter";
import type {
  AdapterGateway,
  ConnectionCheck,
  DncAdapter,
  EmailVerifyAdapter,
  PhoneLookupAdapter,
  ProviderOptions,
} from "./provider-types";
import { SANDBOX_CONNECTION, sandboxDncAdapter, sandboxEmailVerifyAdapter, sandboxPhoneLookupAdapter } from "./sandbox.adapters";
import { checkSesAccount } from "./ses-account";
import { subscriberVerifyAdapter } from "./subscriber-verify.adapter";
import { checkTwilioAccount, twilioCredentials } from "./twilio-account";
import { twilioLookupAdapter } from "./twilio-lookup.adapter";
import { zeroBounceAdapter } from "./zerobounce.adapter";

// The lookup runner and the gateway routes import everything provider-related they need from here.
export { providerOptionsFromEnv } from "./provider-urls";

/*
 * Picks the adapter for a gateway by (kind, type). The tables are keyed by the contract's GatewayTypes, so a type
 * added there without an adapter here is a type error.
 */

type Factory<A> = (params: Record<string, string>, opts: ProviderOptions) => A;

export interface LookupAdapterOf {
  sms_lookup: PhoneLookupAdapter;
  sms_dnc: DncAdapter;
  email_lookup: EmailVerifyAdapter;
}

const LookupFactories = {
  sms_lookup: {
    gateway1: twilioLookupAdapter,
    subscriber_verify: subscriberVerifyAdapter,
    sandbox: sandboxPhoneLookupAdapter,
  } satisfies Record<GatewayTypeOf<"sms_lookup">, Factory<PhoneLookupAdapter>>,
  sms_dnc: {
    black_list_alliance: blacklistAllianceAdapter,
    sandbox: sandboxDncAdapter,
  } satisfies Record<GatewayTypeOf<"sms_dnc">, Factory<DncAdapter>>,
  email_lookup: {
    oversight: oversightAdapter,
    zerobounce: zeroBounceAdapter,
    sandbox: sandboxEmailVerifyAdapter,
  } satisfies Record<GatewayTypeOf<"email_lookup">, Factory<EmailVerifyAdapter>>,
} as const;

/** The adapter of a lookup gateway; throws when the type has none or a required field is missing. */
export function lookupAdapterFor<K extends LookupGatewayKind>(kind: K, gw: AdapterGateway, opts: ProviderOptions = {}): LookupAdapterOf[K] {
  const factories = LookupFactories[kind] as unknown as Record<string, Factory<LookupAdapterOf[K]>>;
  const factory = Object.hasOwn(factories, gw.type) ? factories[gw.type] : undefined;
  if (!factory) throw new Error(`There is no ${kind} provider of type "${gw.type}".`);
  return factory(gw.params, opts);
}

const NOT_AVAILABLE: ConnectionCheck = { ok: false, message: "Test connection is not available for this gateway type yet." };

/** Settings → Integrations → Test connection, for every kind; never throws for a provider's or a field's fault. */
export async function testGatewayConnection(
  kind: GatewayKind,
  gw: AdapterGateway,
  opts: ProviderOptions = {},
  signal?: AbortSignal,
): Promise<ConnectionCheck> {
  try {
    switch (kind) {
      case "sms_lookup":
      case "sms_dnc":
      case "email_lookup":
        return await lookupAdapterFor(kind, gw, opts).testConnection(signal);
      case "sms":
        if (gw.type === "gateway1") return await checkTwilioAccount(twilioCredentials(gw.params, "Twilio"), opts, signal);
        return gw.type === "sandbox" ? SANDBOX_CONNECTION : NOT_AVAILABLE;
      case "email":
        if (gw.type === "aws_ses") return await checkSesAccount(gw.params, opts, signal);
        return gw.type === "sandbox" ? SANDBOX_CONNECTION : NOT_AVAILABLE;
      default:
        return assertNever(kind);
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
