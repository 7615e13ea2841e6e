import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { CallbackRequest, CallbackResult, DeliveryStatus, SendContext, StatusEvent } from "../send-types";
import { callbackRecord } from "./callback-fields";
import { isFailure } from "./delivery-status";
import { hookEndpoint, verifySignedHook } from "./send-callback";

/*
 * Vonage SMS API webhooks: delivery receipts (DLR) and inbound messages, posted as GET query parameters, a form
 * or JSON, depending on the account's webhook settings. Verified first: with the account's signature secret by
 * Vonage's own `sig` (its "signed webhooks"); without it by our `sig` on the address we handed Vonage.
 */

/** DLR `status` → the engine's status, before `err-code` refines a failure. */
const VonageDlrStatuses: Record<string, DeliveryStatus> = {
  delivered: "delivered",
  accepted: "sent",
  buffered: "sent",
  expired: "undelivered",
  failed: "failed",
  rejected: "failed",
};

/** Vonage's documented DLR `err-code`s (SMS delivery error codes) and what each means for the lead. */
export const VonageDlrErrors: Record<string, { status: DeliveryStatus; words: string }> = {
  "1": { status: "undelivered", words: "Unknown" },
  "2": { status: "undelivered", words: "Absent Subscriber - Temporary" },
  "3": { status: "inactive_device", words: "Absent Subscriber - Permanent" },
  "4": { status: "blocked_by_carrier", words: "Call Barred by User" },
  "5": { status: "undelivered", words: "Portability Error" },
  "6": { status: "blocked_by_carrier", words: "Anti-Spam Rejection" },
  "7": { status: "undelivered", words: "Handset Busy" },
  "8": { status: "undelivered", words: "Network Error" },
  "9": { status: "opted_out", words: "Illegal Number (the user asked not to receive messages from this service)" },
  "10": { status: "failed", words: "Illegal Message" },
  "11": { status: "failed", words: "Unroutable" },
  "12": { status: "undelivered", words: "Destination Unreachable" },
  "13": { status: "blocked_by_carrier", words: "Subscriber Age Restriction" },
  "14": { status: "blocked_by_carrier", words: "Number Blocked by Carrier" },
  "15": { status: "undelivered", words: "Pre-Paid - Insufficient funds" },
  "16": { status: "failed", words: "Gateway Quota Exceeded" },
  "50": { status: "blocked_by_carrier", words: "Entity Filter" },
  "51": { status: "blocked_by_carrier", words: "Header Filter" },
  "52": { status: "blocked_by_carrier", words: "Content Filter" },
  "53": { status: "blocked_by_carrier", words: "Consent Filter" },
  "54": { status: "blocked_by_carrier", words: "Regulation Error" },
  "99": { status: "failed", words: "General Error" },
};

/**
 * The signed string of Vonage's signed webhooks (as its SDKs build it): every parameter but `sig`, sorted by name,
 * each as `&name=value` with "&" and "=" in values replaced by "_".
 */
export function vonageSignedString(fields: Record<string, string>): string {
  return Object.keys(fields)
    .filter((k) => k !== "sig")
    .sort()
    .map((k) => `&${k}=${fields[k]!.replace(/[&=]/g, "_")}`)
    .join("");
}

/**
 * Vonage's `sig` for the algorithm chosen in its dashboard: "MD5 hash" (md5 of the string + secret) or an HMAC
 * (MD5, SHA-1, SHA-256, SHA-512) keyed with the secret. The length of `sig` tells the digest; both MD5 forms are tried.
 */
export function vonageSignatures(fields: Record<string, string>, secret: string, length: number): string[] {
  const signed = vonageSignedString(fields);
  const hmac = (alg: string) => createHmac(alg, secret).update(signed, "utf8").digest("hex");
  if (length === 32)
    return [
      createHash("md5")
        .update(signed + secret, "utf8")
        .digest("hex"),
      hmac("md5"),
    ];
  const alg = { 40: "sha1", 64: "sha256", 128: "sha512" }[length];
  return alg ? [hmac(alg)] : [];
}

export function verifyVonageSignature(fields: Record<string, string>, secret: string): boolean {
  const given = fields.sig?.toLowerCase() ?? "";
  if (!/^[0-9a-f]+$/.test(given)) return false;
  const want = Buffer.from(given, "hex");
  return vonageSignatures(fields, secret, given.length).some((sig) => timingSafeEqual(Buffer.from(sig, "hex"), want));
}

/** "2018-10-25 12:10:29" (UTC) → ISO, or null. */
function vonageTime(value: string | undefined): string | null {
  if (!value) return null;
  const at = Date.parse(`${value.trim().replace(" ", "T")}Z`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

function dlrEvent(fields: Record<string, string>, messageId: string | null): StatusEvent | null {
  const raw = (fields.status ?? "").toLowerCase();
  const base = VonageDlrStatuses[raw];
  const providerId = fields.messageId ?? null;
  if (!base || !providerId) return null;
  const code = fields["err-code"] && fields["err-code"] !== "0" ? fields["err-code"] : null;
  const known = code && isFailure(base) ? VonageDlrErrors[code] : undefined;
  return {
    eventId: `${providerId}:${raw}:${code ?? "0"}`,
    messageId,
    providerId,
    status: known?.status ?? base,
    errorCode: code,
    errorMessage: known?.words ?? (code ? `Vonage error ${code}` : null),
    occurredAt: vonageTime(fields["message-timestamp"]),
  };
}

const plus = (n: string) => (n.startsWith("+") || !/^\d+$/.test(n) ? n : `+${n}`);

export async function parseVonageCallback(ctx: SendContext, signatureSecret: string | null, req: CallbackRequest): Promise<CallbackResult> {
  const endpoint = hookEndpoint(ctx, req.url);
  if (!endpoint) return { kind: "invalid", reason: "Not this gateway's callback address." };
  // The query for GET webhooks, else the JSON or form body, as the account's webhook settings choose.
  const fields = callbackRecord(req);
  let urlMessageId: string | null = null;
  if (signatureSecret) {
    if (!verifyVonageSignature(fields, signatureSecret)) return { kind: "invalid", reason: "The Vonage signature (sig) does not verify." };
  } else {
    const signed = verifySignedHook(ctx, req.url);
    if (!signed || signed.endpoint !== endpoint) return { kind: "invalid", reason: "The callback address is not signed by us." };
    urlMessageId = signed.messageId;
  }
  if (endpoint === "inbound") {
    if (!fields.msisdn || !fields.to || fields.text === undefined || !fields.messageId)
      return { kind: "ignored", reason: "Not an inbound SMS." };
    return {
      kind: "inbound",
      messages: [
        {
          eventId: `in:${fields.messageId}`,
          from: plus(fields.msisdn),
          to: plus(fields.to),
          body: fields.text,
          receivedAt: vonageTime(fields["message-timestamp"]),
        },
      ],
    };
  }
  // Our signed URL names the message; with Vonage's signature, `client-ref` (which it signs) does.
  const event = dlrEvent(fields, urlMessageId ?? fields["client-ref"] ?? null);
  return event
    ? { kind: "status", events: [event] }
    : { kind: "ignored", reason: `Vonage status "${fields.status ?? ""}" carries no change.` };
}
