import { assertNever, type GatewayKind, type GatewayTypeOf, type LookupGatewayKind } from "@leadflow/contracts";
import { blacklistAllianceAdapter } from "./blacklist-alliance.adapter";
import { fccRndAdapter } from "./fcc-rnd.adapter";
import { jornayaAdapter } from "./jornaya.adapter";
import { oversightAdapter } from "./oversight.adapter";
import type {
  AdapterGateway,
  CertificateAdapter,
  ConnectionCheck,
  DncAdapter,
  EmailVerifyAdapter,
  PhoneLookupAdapter,
  ProviderOptions,
  RndAdapter,
} from "./provider-types";
import { sandboxDncAdapter, sandboxEmailVerifyAdapter, sandboxPhoneLookupAdapter } from "./sandbox.adapters";
import { sandboxCertificateAdapter, sandboxRndAdapter } from "./sandbox-consent.adapters";
import { emailSendAdapterFor, hasSendAdapter, smsSendAdapterFor } from "./send-factory";
import type { SendContext } from "./send-types";
import { subscriberVerifyAdapter } from "./subscriber-verify.adapter";
import { trustedFormAdapter } from "./trustedform.adapter";
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
  consent_certificates: CertificateAdapter;
  rnd: RndAdapter;
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
  consent_certificates: {
    trusted_form: trustedFormAdapter,
    jornaya: jornayaAdapter,
    sandbox: sandboxCertificateAdapter,
  } satisfies Record<GatewayTypeOf<"consent_certificates">, Factory<CertificateAdapter>>,
  rnd: {
    fcc_rnd: fccRndAdapter,
    sandbox: sandboxRndAdapter,
  } satisfies Record<GatewayTypeOf<"rnd">, Factory<RndAdapter>>,
} as const;

/** The adapter of a lookup gateway; throws when the type has none or a required field is missing. */
export function lookupAdapterFor<K extends LookupGatewayKind>(kind: K, gw: AdapterGateway, opts: ProviderOptions = {}): LookupAdapterOf[K] {
  const factories = LookupFactories[kind] as unknown as Record<string, Factory<LookupAdapterOf[K]>>;
  const factory = Object.hasOwn(factories, gw.type) ? factories[gw.type] : undefined;
  if (!factory) throw new Error(`There is no ${kind} provider of type "${gw.type}".`);
  return factory(gw.params, opts);
}

const NOT_AVAILABLE: ConnectionCheck = { ok: false, message: "Test connection is not available for this gateway type yet." };

/** Test connection sends nothing and takes no callback, so the send adapters are built without a gateway's context. */
const NO_CALLBACKS: SendContext = { gatewayId: 0, publicUrl: "", callbackSecret: "" };

/** A sending gateway's check is its send adapter's (Twilio's is the account fetch Twilio Lookup shares). */
async function testSendingGateway(kind: "sms" | "email", gw: AdapterGateway, opts: ProviderOptions, signal?: AbortSignal) {
  if (hasSendAdapter(kind, gw.type)) {
    const adapter = kind === "sms" ? smsSendAdapterFor(gw, NO_CALLBACKS, opts) : emailSendAdapterFor(gw, NO_CALLBACKS, opts);
    return adapter.testConnection(signal);
  }
  return NOT_AVAILABLE;
}

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
      case "consent_certificates":
      case "rnd":
        return await lookupAdapterFor(kind, gw, opts).testConnection(signal);
      case "sms":
      case "email":
        return await testSendingGateway(kind, gw, opts, signal);
      default:
        return assertNever(kind);
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
