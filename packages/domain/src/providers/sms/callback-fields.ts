import { createHash } from "node:crypto";
import { headerOf } from "../callback-signing";
import type { CallbackRequest, CallbackResult, DeliveryStatus, SendContext } from "../send-types";
import { isFailure } from "./delivery-status";
import { callbackFields, callbackJson, verifySignedHook } from "./send-callback";

/*
 * Callbacks of providers that post either a form or flat JSON (SMS.to, D7 Networks), read into one string map;
 * and inbound replies of providers whose inbound format is not published in detail: the usual field names are
 * accepted (from/sender/msisdn, to/recipient/receiver, text/message/content/body). The address carries our `sig`,
 * so whatever the shape, only a caller holding the signed URL gets here (`parseSignedFlatCallback` checks it first).
 */

/** Flat fields of a JSON, form or (GET) query callback; nested values are dropped. */
export function callbackRecord(req: CallbackRequest): Record<string, string> {
  const json =
    req.method.toUpperCase() !== "GET" && (headerOf(req.headers, "content-type")?.includes("json") || req.rawBody.trim().startsWith("{"));
  if (!json) return callbackFields(req);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(callbackJson(req) ?? {})) {
    if (v !== null && v !== undefined && typeof v !== "object") out[k] = String(v);
  }
  return out;
}

const first = (fields: Record<string, string>, names: readonly string[]) =>
  names.map((n) => fields[n]).find((v) => v !== undefined && v !== "");
const plus = (n: string) => (/^\d{8,15}$/.test(n) ? `+${n}` : n);

/**
 * An inbound SMS out of flat fields. Its event id is the provider's message id when it sends one, else a hash of
 * the body as received: a retried post of the same reply is then the same event.
 */
export function inboundFromFields(fields: Record<string, string>, rawBody: string): CallbackResult {
  const from = first(fields, ["from", "sender", "msisdn", "phone", "originator"]);
  const to = first(fields, ["to", "recipient", "receiver", "destination"]);
  const body = first(fields, ["text", "message", "content", "body"]);
  if (!from || !to || body === undefined) return { kind: "ignored", reason: "Not an inbound SMS." };
  const id = first(fields, ["messageId", "message_id", "msg_id", "id"]) ?? createHash("sha256").update(rawBody).digest("hex").slice(0, 32);
  const at = first(fields, ["received_at", "receivedAt", "timestamp", "created_at"]);
  return {
    kind: "inbound",
    messages: [
      {
        eventId: `in:${id}`,
        from: plus(from),
        to: plus(to),
        body,
        receivedAt: at && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : null,
      },
    ],
  };
}

/** A status report out of flat fields, read by the provider's own names. */
export interface FlatReport {
  /** The provider's status word as received (normalised in case): the event id and the error code carry it. */
  word: string;
  status: DeliveryStatus | undefined;
  providerId: string | null;
  /** What tells this report from the message's others besides its status word; the provider id by default. */
  reportId?: string;
  /** The provider's words for a failure. */
  errorMessage: string | null;
}

/**
 * A callback of a provider that signs nothing and posts flat fields to our signed addresses (D7 Networks, SMS.to):
 * our `sig` first, then an inbound reply by the usual names, or the status report `read` finds in the fields.
 * `label` names the provider in the reason of an ignored report.
 */
export function parseSignedFlatCallback(
  ctx: SendContext,
  req: CallbackRequest,
  label: string,
  read: (fields: Record<string, string>) => FlatReport,
): CallbackResult {
  const signed = verifySignedHook(ctx, req.url);
  if (!signed) return { kind: "invalid", reason: "The callback address is not signed by us." };
  const fields = callbackRecord(req);
  if (signed.endpoint === "inbound") return inboundFromFields(fields, req.rawBody);
  const { word, status, providerId, reportId, errorMessage } = read(fields);
  if (!status || !providerId) return { kind: "ignored", reason: `${label} status "${fields.status ?? ""}" carries no change.` };
  const failed = isFailure(status);
  return {
    kind: "status",
    events: [
      {
        eventId: `${reportId ?? providerId}:${word}`,
        messageId: signed.messageId,
        providerId,
        status,
        errorCode: failed ? word : null,
        errorMessage: failed ? errorMessage : null,
        occurredAt: null,
      },
    ],
  };
}
