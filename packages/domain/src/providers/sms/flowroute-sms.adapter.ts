import type { GatewaySenders } from "@leadflow/contracts";
import { asRecord, requireParam, stringField } from "../adapter-params";
import { signedStatusUrl } from "../callback-signing";
import { accountCheck } from "../connection-check";
import type { ProviderResponse } from "../http";
import { type ConnectionCheck, ProviderError, type ProviderOptions } from "../provider-types";
import { providerBaseUrl } from "../provider-urls";
import { notSent, refuse, rejected, sendJson } from "../send-http";
import type { SendContext, SenderOption, SendOutcome, SmsSendFactory, SmsSendRequest } from "../send-types";
import { didGroupMembers, type FlowrouteAuth, flowrouteNumbers, pickDid } from "./flowroute-numbers";
import { flowrouteCallback } from "./flowroute-sms.callbacks";

/*
 * Flowroute Messaging v2.1 (gateway type `gateway12`): POST https://api.flowroute.com/v2.1/messages, HTTP basic
 * auth with the Access Key (`token`) and Secret Key (`api_secret`), a JSON:API body, our signed status URL as
 * `dlr_callback` (Flowroute signs nothing). Numbers are 11-digit North American numbers without "+". A pool sender
 * is a DID group (flowroute-numbers.ts).
 */

const PROVIDER = "Flowroute";

/** Flowroute's published price per outbound SMS part (US long code), dollars. */
export const FLOWROUTE_UNIT_COST = 0.004;

export function flowrouteAuth(params: Record<string, string>, opts: ProviderOptions): FlowrouteAuth {
  const accessKey = requireParam(params, "token", "Token", PROVIDER);
  const secret = requireParam(params, "api_secret", "Api Secret", PROVIDER);
  return {
    base: providerBaseUrl(opts, "flowroute"),
    accessKey,
    authorization: `Basic ${Buffer.from(`${accessKey}:${secret}`).toString("base64")}`,
    secrets: [secret],
  };
}

const digits = (phone: string) => phone.replace(/\D/g, "");

/** The JSON:API body of POST /v2.1/messages. */
export function flowrouteMessageBody(ctx: SendContext, req: SmsSendRequest, from: string): unknown {
  return {
    data: {
      type: "message",
      attributes: {
        to: digits(req.to),
        from: digits(from),
        body: req.body,
        is_mms: false,
        dlr_callback: signedStatusUrl(ctx, req.messageId),
      },
    },
  };
}

/** Flowroute's JSON:API error: `errors[0]` with `detail` and `title`. An opt-out shows in the words only. */
export function classifyFlowrouteAnswer(res: ProviderResponse, secrets: readonly string[]): SendOutcome {
  if (res.status >= 200 && res.status < 300) {
    const id = stringField(asRecord(asRecord(res.json).data), "id");
    return id
      ? { kind: "accepted", providerId: id }
      : { kind: "unknown", message: `${PROVIDER} answered HTTP ${res.status} without a message id.` };
  }
  const errors = asRecord(res.json).errors;
  const first = Array.isArray(errors) ? asRecord(errors[0]) : {};
  const words = [stringField(first, "title"), stringField(first, "detail")].filter(Boolean).join(": ");
  return rejected(PROVIDER, res, { words: words || null, optedOut: /opt(?:ed)?[\s-]?out|unsubscribed/i.test(words), secrets });
}

/** The DID a send goes from: the number itself, or one of the group's numbers (a failed listing sends nothing). */
async function senderFor(
  auth: FlowrouteAuth,
  req: SmsSendRequest,
  senders: Partial<GatewaySenders>,
  opts: ProviderOptions,
  signal?: AbortSignal,
): Promise<{ from: string } | SendOutcome> {
  if (req.senderKind === "number") return { from: req.from };
  try {
    const members = didGroupMembers(await flowrouteNumbers(auth, opts, signal), req.from, senders.did_groups ?? []);
    const from = pickDid(members, req.to);
    if (from) return { from };
    return refuse(
      "empty_did_group",
      `The DID group "${req.from}" has no Flowroute numbers: give numbers the group's id or name as their alias in Flowroute.`,
    );
  } catch (error) {
    if (signal?.aborted || !(error instanceof ProviderError)) throw error;
    return notSent(error, `Could not list the Flowroute numbers of DID group "${req.from}": ${error.message}`, "numbers");
  }
}

export const FLOWROUTE_WRONG_CREDENTIALS = "The Flowroute Token (Access Key) or Api Secret (Secret Key) is wrong.";

/** GET /v2/numbers?limit=1 (free): proves the access key and secret. */
const checkFlowroute = (auth: FlowrouteAuth, opts: ProviderOptions, signal?: AbortSignal): Promise<ConnectionCheck> =>
  accountCheck(
    {
      provider: PROVIDER,
      url: `${auth.base}/v2/numbers?limit=1`,
      headers: { Authorization: auth.authorization, Accept: "application/vnd.api+json" },
      secrets: auth.secrets,
      signal,
    },
    opts,
    FLOWROUTE_WRONG_CREDENTIALS,
    () => ({ ok: true, message: "Connected to Flowroute." }),
  );

export const flowrouteSendAdapter: SmsSendFactory = (params, ctx, opts = {}, senders = {}) => {
  const auth = flowrouteAuth(params, opts);
  return {
    unitCost: FLOWROUTE_UNIT_COST,
    async send(req, signal) {
      const sender = await senderFor(auth, req, senders, opts, signal);
      if (!("from" in sender)) return sender;
      return sendJson(
        {
          provider: PROVIDER,
          url: `${auth.base}/v2.1/messages`,
          headers: { Authorization: auth.authorization },
          json: flowrouteMessageBody(ctx, req, sender.from),
          contentType: "application/vnd.api+json",
          secrets: auth.secrets,
          signal,
        },
        opts,
        (res) => classifyFlowrouteAnswer(res, auth.secrets),
      );
    },
    parseCallback: async (req) => flowrouteCallback(ctx, req),
    async senderOptions(signal) {
      // A fresh listing: the picker should show a number bought a minute ago.
      const numbers = await flowrouteNumbers(auth, opts, signal, { fresh: true });
      const options: SenderOption[] = numbers.map((n) => ({
        kind: "number",
        key: `+${n.value}`,
        label: n.alias ? `+${n.value} (${n.alias})` : `+${n.value}`,
      }));
      for (const g of senders.did_groups ?? []) if (g.id) options.push({ kind: "pool", key: g.id, label: g.name || g.id });
      return options;
    },
    testConnection: (signal) => checkFlowroute(auth, opts, signal),
  };
};
