import type { GatewaySenders } from "@leadflow/contracts";
import { asRecord, requireParam, stringField } from "../adapter-params";
import { signedStatusUrl } from "../callback-signing";
import { failedCheck } from "../connection-check";
import { jsonObject, type ProviderResponse, providerRequest } from "../http";
import { type ConnectionCheck, ProviderError, type ProviderOptions } from "../provider-types";
import { refuse, rejected, sendAttempt } from "../send-http";
import type { SendContext, SendOutcome, SmsSendAdapter, SmsSendRequest } from "../send-types";
import { configuredNumbers } from "./configured-senders";
import { genericHttpCallback, genericSignature } from "./generic-http-sms.callbacks";
import { type PublicHostGuard, type PublicHostOptions, pinnedFetch, publicHostGuard } from "./public-host";

/*
 * "HTTP (generic)" (gateway type `gateway14`): the interface WE define for a partner without an adapter of its
 * own, written down for partners in docs/providers.md ("HTTP (generic)"). POST {base_url}/messages with a JSON
 * message, signed with the optional signing secret; GET {base_url}/account for Test connection. The base URL is a
 * team's input, so every call first passes the public-host guard (public-host.ts).
 */

const PROVIDER = "The HTTP gateway";

/** No provider price exists for our own interface: a typical US long-code rate, assumed; an answer's `cost` wins. */
export const GENERIC_HTTP_UNIT_COST = 0.0075;

export const GENERIC_SIGNATURE_HEADER = "X-Leadflow-Signature";
export const GENERIC_APP_ID_HEADER = "X-Leadflow-App-Id";

interface GenericConfig {
  appId: string;
  base: string;
  secret: string | null;
}

/** The JSON body of POST {base_url}/messages. */
export function genericMessageBody(cfg: GenericConfig, ctx: SendContext, req: SmsSendRequest): Record<string, unknown> {
  return {
    app_id: cfg.appId,
    message_id: req.messageId,
    to: req.to,
    from: req.from,
    text: req.body,
    validity_seconds: req.validitySeconds ?? null,
    status_callback_url: signedStatusUrl(ctx, req.messageId),
  };
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined);

/** 2xx `{ id, segments?, cost? }` is taken; a 4xx `{ error: { code, message } }` is refused with the partner's code. */
export function classifyGenericAnswer(res: ProviderResponse, secrets: readonly string[]): SendOutcome {
  const body = asRecord(res.json);
  if (res.status >= 200 && res.status < 300) {
    const id = stringField(body, "id");
    if (!id) return { kind: "unknown", message: `${PROVIDER} answered HTTP ${res.status} without an id.` };
    const segments = num(body.segments);
    const cost = num(body.cost);
    return { kind: "accepted", providerId: id, ...(segments !== undefined ? { segments } : {}), ...(cost !== undefined ? { cost } : {}) };
  }
  const error = asRecord(body.error);
  const code = stringField(error, "code");
  const words = stringField(error, "message");
  return rejected(PROVIDER, res, { code, words, withCode: words !== null, optedOut: code === "opted_out", secrets });
}

function headersFor(cfg: GenericConfig, body: string): Record<string, string> {
  return {
    Accept: "application/json",
    [GENERIC_APP_ID_HEADER]: cfg.appId,
    ...(cfg.secret ? { [GENERIC_SIGNATURE_HEADER]: genericSignature(cfg.secret, body) } : {}),
  };
}

type NotSent = Extract<SendOutcome, { kind: "rejected" | "throttled" }>;

/** The guard's verdict as the ledger needs it: an unsafe address never gets a request; an unresolved one may later. */
async function target(guard: PublicHostGuard, url: string): Promise<{ fetch: typeof fetch } | NotSent> {
  const check = await guard.check(new URL(url));
  if (check.ok) return { fetch: pinnedFetch(check.addresses) };
  return check.why === "unsafe"
    ? { kind: "rejected", code: "unsafe_base_url", message: check.reason }
    : { kind: "throttled", retryAfterMs: null, message: check.reason };
}

export const GENERIC_WRONG_CREDENTIALS = "The HTTP gateway refused the App ID or the signing secret.";

async function checkGeneric(
  cfg: GenericConfig,
  guard: PublicHostGuard,
  opts: ProviderOptions,
  signal?: AbortSignal,
): Promise<ConnectionCheck> {
  const url = `${cfg.base}/account`;
  const via = await target(guard, url);
  if (!("fetch" in via)) return { ok: false, message: via.message };
  try {
    const res = await providerRequest(
      { provider: PROVIDER, url, headers: headersFor(cfg, ""), secrets: cfg.secret ? [cfg.secret] : [], signal },
      { ...opts, fetch: via.fetch },
    );
    const name = res.text.trim() ? stringField(jsonObject(res, PROVIDER), "name") : null;
    return { ok: true, message: name ? `Connected to ${name}.` : "Connected to the HTTP gateway." };
  } catch (error) {
    if (error instanceof ProviderError && error.status === 404) {
      return { ok: false, message: "The HTTP gateway has no GET /account: see the interface in docs/providers.md." };
    }
    return failedCheck(error, GENERIC_WRONG_CREDENTIALS);
  }
}

export function genericHttpSendAdapter(
  params: Record<string, string>,
  ctx: SendContext,
  opts: ProviderOptions = {},
  senders: Partial<GatewaySenders> = {},
  net: PublicHostOptions = {},
): SmsSendAdapter {
  const cfg: GenericConfig = {
    appId: requireParam(params, "app_id", "App ID", "HTTP (generic)"),
    base: requireParam(params, "base_url", "Base URL", "HTTP (generic)").replace(/\/+$/, ""),
    secret: params.secret?.trim() || null,
  };
  const guard = publicHostGuard(net);
  const secrets = cfg.secret ? [cfg.secret] : [];
  return {
    unitCost: GENERIC_HTTP_UNIT_COST,
    async send(req, signal) {
      if (req.senderKind === "pool") return refuse("pool_unsupported", "The HTTP gateway sends from numbers only.");
      const url = `${cfg.base}/messages`;
      const via = await target(guard, url);
      if (!("fetch" in via)) return via;
      const body = JSON.stringify(genericMessageBody(cfg, ctx, req));
      const attempt = await sendAttempt(
        {
          provider: PROVIDER,
          url,
          method: "POST",
          // The partner keeps the key a day and answers a repeat with the first answer (docs/providers.md).
          headers: { ...headersFor(cfg, body), "Content-Type": "application/json", "Idempotency-Key": req.idempotencyKey },
          body,
          secrets,
          signal,
        },
        { ...opts, fetch: via.fetch },
      );
      return attempt.kind === "answer" ? classifyGenericAnswer(attempt.res, secrets) : attempt;
    },
    parseCallback: async (req) => genericHttpCallback(ctx, cfg.secret, req),
    senderOptions: async () => configuredNumbers(senders.numbers),
    testConnection: (signal) => checkGeneric(cfg, guard, opts, signal),
  };
}
