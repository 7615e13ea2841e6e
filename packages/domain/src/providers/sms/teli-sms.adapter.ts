import { asRecord, requireParam, stringField } from "../adapter-params";
import { accountCheck } from "../connection-check";
import type { ProviderResponse } from "../http";
import { providerBaseUrl } from "../provider-urls";
import { refuse, rejected, sendAttempt } from "../send-http";
import type { CallbackRequest, CallbackResult, DeliveryStatus, SendContext, SendOutcome, SmsSendFactory } from "../send-types";
import { configuredNumbers } from "./configured-senders";
import { callbackFields, verifySignedHook } from "./send-callback";

/*
 * Teli (formerly teleapi; SMS gateway type `gateway8`, field `token`, senders (name, number)). Teli's published
 * SMS API is thin; what we implement, exactly (docs/providers.md, "Teli"):
 * - send: POST https://sms.teleapi.net/sms/send, form fields `token`, `source`, `destination` (10-digit NANP
 *   numbers) and `message` → `{ code: 200, status: "success", data: "<tracking id>" }`, or
 *   `{ code: 400, status: "error", data: "Invalid source number" }` (sometimes with HTTP 200). The token goes in the
 *   body, which Teli accepts for every call, so it never sits in a URL.
 * - delivery notifications and inbound messages: the account-level URLs set in Teli's portal (our signed status and
 *   inbound URLs); there is no per-message callback, so status events are matched by the tracking id.
 * - test connection: POST https://apiv1.teleapi.net/billing/balance with `token`.
 * Teli has no idempotency key and no validity period.
 */

/** Teli publishes no per-message list price in its API docs: assumed, see docs/providers.md. */
export const TELI_SMS_UNIT_COST = 0.004;

const PROVIDER = "Teli";
const WRONG_TOKEN = "The Teli token is wrong or not enabled for the API.";

/** Teli's delivery words (and the SMPP ones carriers pass through), ranked into ours. Read case-insensitively. */
const TeliStatuses: Record<string, DeliveryStatus> = {
  queued: "queued",
  sent: "sent",
  enroute: "sent",
  delivered: "delivered",
  delivrd: "delivered",
  undelivered: "undelivered",
  undeliv: "undelivered",
  failed: "failed",
  expired: "failed",
  rejected: "failed",
  rejectd: "failed",
};

export const teliSmsAdapter: SmsSendFactory = (params, ctx, opts = {}, senders = {}) => {
  const token = requireParam(params, "token", "Token", PROVIDER);
  const form = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };

  return {
    unitCost: TELI_SMS_UNIT_COST,
    async send(req, signal) {
      if (req.senderKind === "pool") return refuse("pool_unsupported", "Teli has no sender pools: send from one of the gateway's numbers.");
      const source = nanp(req.from);
      const destination = nanp(req.to);
      if (!source || !destination) return refuse("unsupported_number", "Teli sends between US and Canadian (+1) numbers only.");
      const body = new URLSearchParams({ token, source, destination, message: req.body }).toString();
      const url = `${providerBaseUrl(opts, "teli_sms")}/sms/send`;
      const attempt = await sendAttempt({ provider: PROVIDER, url, method: "POST", headers: form, body, secrets: [token], signal }, opts);
      return attempt.kind === "answer" ? teliOutcome(attempt.res, token) : attempt;
    },
    parseCallback: async (req) => parseTeliCallback(req, ctx),
    senderOptions: async () => configuredNumbers(senders.list, true),
    testConnection: (signal) =>
      accountCheck(
        {
          provider: PROVIDER,
          url: `${providerBaseUrl(opts, "teli_api")}/billing/balance`,
          method: "POST",
          headers: form,
          body: new URLSearchParams({ token }).toString(),
          secrets: [token],
          signal,
        },
        opts,
        WRONG_TOKEN,
        (res) => {
          const json = asRecord(res.json);
          if (stringField(json, "status") !== "success") return { ok: false, message: WRONG_TOKEN };
          const balance = stringField(json, "data");
          return { ok: true, message: `Connected to Teli${balance ? `: balance $${balance}` : ""}.` };
        },
      ),
  };
};

function teliOutcome(res: ProviderResponse, token: string): SendOutcome {
  const json = asRecord(res.json);
  const data = stringField(json, "data");
  if (res.status < 400 && stringField(json, "status") === "success" && data) return { kind: "accepted", providerId: data };
  if (res.status < 400 && stringField(json, "status") !== "error") {
    // A 2xx that is neither success nor error: the message may exist.
    return { kind: "unknown", message: `Teli answered HTTP ${res.status} without a tracking id; the message may have been taken.` };
  }
  return rejected(PROVIDER, res, { code: stringField(json, "code"), words: data, secrets: [token] });
}

/** Delivery notifications and inbound messages, both at account-level URLs carrying our signature. */
export function parseTeliCallback(req: CallbackRequest, ctx: SendContext): CallbackResult {
  const hook = verifySignedHook(ctx, req.url);
  if (!hook) return { kind: "invalid", reason: "Our signature on the Teli callback URL does not verify." };
  const f = callbackFields(req);
  if (hook.endpoint === "inbound") {
    const id = f.id ?? f.message_id ?? `${f.source ?? ""}:${f.destination ?? ""}:${f.timestamp ?? ""}:${f.message ?? ""}`;
    return {
      kind: "inbound",
      messages: [
        { eventId: id, from: plusOne(f.source), to: plusOne(f.destination), body: f.message ?? "", receivedAt: f.timestamp || null },
      ],
    };
  }
  const providerId = f.id ?? f.message_id ?? f.sms_id ?? null;
  const raw = (f.status ?? f.state ?? "").toLowerCase();
  const status = TeliStatuses[raw];
  if (!providerId || !status) return { kind: "ignored", reason: `Teli status "${raw}" is not a delivery status.` };
  const code = f.error_code || f.error || null;
  return {
    kind: "status",
    events: [
      {
        eventId: `${providerId}:${raw}`,
        messageId: hook.messageId,
        providerId,
        status,
        errorCode: code && code !== "000" ? code : null,
        errorMessage: f.error_message || f.description || null,
        occurredAt: f.timestamp || null,
      },
    ],
  };
}

/** The 10-digit NANP form Teli takes, or null for a number outside +1. */
function nanp(e164: string): string | null {
  const m = /^(?:\+?1)?(\d{10})$/.exec(e164.replace(/[\s()-]/g, ""));
  return m ? m[1]! : null;
}

/** Teli's 10- or 11-digit numbers as E.164. */
function plusOne(value: string | undefined): string {
  const digits = (value ?? "").replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return value ?? "";
}
