import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { headerOf } from "../callback-signing";
import type { CallbackRequest, CallbackResult, DeliveryStatus, SendContext } from "../send-types";
import { callbackFields, hookEndpoint, parseUrl, verifySignedHook } from "./send-callback";

/*
 * MessageBird status reports (sent to each message's `reportUrl`, GET with query parameters by default, or POST)
 * and inbound messages (a number's "forward to URL" step, pointed at our signed inbound URL).
 *
 * Verification: with the account's signing key (gateway field "Signing Key"), the `MessageBird-Signature-JWT`
 * header: an HS256/384/512 JWT, issuer "MessageBird", within nbf/exp (5 s leeway), with a `jti`, whose `url_hash`
 * is the SHA-256 of the full URL called and `payload_hash` the SHA-256 of a non-empty body. Without the key, our
 * own signature on the URL (`reportUrl` / inbound URL) decides; MessageBird appends its parameters to that URL,
 * which our signature does not cover, so there the ledger id (ours) is trusted, the status fields are MessageBird's.
 */

/** MessageBird's `status` of a recipient, ranked into ours. */
const MessageBirdStatuses: Record<string, DeliveryStatus> = {
  scheduled: "queued",
  buffered: "queued",
  sent: "sent",
  delivered: "delivered",
  expired: "failed",
  delivery_failed: "failed",
};

/** `statusReason` words that say more than "failed" (MessageBird's SMS status reasons). */
export const MessageBirdReasonStatuses: Record<string, DeliveryStatus> = {
  "unknown subscriber": "inactive_device",
  "incorrect number": "inactive_device",
  "opted out": "opted_out",
  "carrier rejected": "blocked_by_carrier",
};

/** GSM `statusErrorCode`s for a number that no longer exists (MAP errors 1 unknown and 5 unidentified subscriber). */
const INACTIVE_CODES = new Set(["1", "5"]);

const JWT_LEEWAY_S = 5;
const HASHES: Record<string, string> = { HS256: "sha256", HS384: "sha384", HS512: "sha512" };

export function parseMessageBirdCallback(
  req: CallbackRequest,
  ctx: SendContext,
  signingKey: string | null,
  now = Date.now(),
): CallbackResult {
  const endpoint = hookEndpoint(ctx, req.url);
  if (!endpoint) return { kind: "invalid", reason: "Not a MessageBird callback address of this gateway." };
  const ours = verifySignedHook(ctx, req.url);
  const problem = signingKey ? jwtProblem(req, signingKey, now) : ours ? null : "Our signature on the callback URL does not verify.";
  if (problem) return { kind: "invalid", reason: problem };
  const f = callbackFields(req);

  if (endpoint === "inbound") {
    const id = f.id ?? f.mid;
    if (!id) return { kind: "ignored", reason: "The inbound message has no id." };
    const message = {
      eventId: id,
      from: e164(f.originator),
      to: e164(f.recipient),
      body: f.body ?? f.message ?? "",
      receivedAt: f.createdDatetime || null,
    };
    return { kind: "inbound", messages: [message] };
  }
  const base = MessageBirdStatuses[(f.status ?? "").toLowerCase()];
  if (!f.id || !base) return { kind: "ignored", reason: `MessageBird status "${f.status ?? ""}" is not a delivery status.` };
  const reason = (f.statusReason ?? "").toLowerCase();
  const code = f.statusErrorCode || null;
  const detailed = MessageBirdReasonStatuses[reason] ?? (code && INACTIVE_CODES.has(code) ? "inactive_device" : undefined);
  return {
    kind: "status",
    events: [
      {
        // A report has no id of its own: one status of one recipient of one message is one event.
        eventId: `${f.id}:${f.recipient ?? ""}:${f.status}`,
        messageId: parseUrl(req.url)?.searchParams.get("m") ?? f.reference ?? null,
        providerId: f.id,
        status: base === "failed" && detailed ? detailed : base,
        errorCode: code,
        errorMessage: f.statusReason || null,
        occurredAt: f.statusDatetime || null,
      },
    ],
  };
}

/** Why a MessageBird-Signature-JWT does not verify, or null when it does. */
export function jwtProblem(req: CallbackRequest, signingKey: string, now: number): string | null {
  const token = headerOf(req.headers, "messagebird-signature-jwt");
  const [head, body, sig] = token?.split(".") ?? [];
  if (!head || !body || !sig) return "The callback carries no MessageBird-Signature-JWT.";
  const header = decode(head);
  const hash = HASHES[String(header?.alg)];
  if (!hash) return "The MessageBird JWT uses an algorithm we do not accept.";
  const expected = createHmac(hash, signingKey).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(expected, given)) return "The MessageBird JWT signature does not match.";
  const claims = decode(body);
  const t = now / 1000;
  if (claims?.iss !== "MessageBird" || typeof claims.jti !== "string") return "The MessageBird JWT lacks its issuer or id.";
  if (typeof claims.nbf === "number" && claims.nbf > t + JWT_LEEWAY_S) return "The MessageBird JWT is not valid yet.";
  if (typeof claims.exp !== "number" || claims.exp < t - JWT_LEEWAY_S) return "The MessageBird JWT has expired.";
  if (claims.url_hash !== sha256(req.url)) return "The MessageBird JWT was issued for another URL.";
  if (req.rawBody && claims.payload_hash !== sha256(req.rawBody)) return "The MessageBird JWT does not cover this body.";
  return null;
}

export function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

function decode(part: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
    return v && typeof v === "object" ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** MessageBird writes numbers as bare digits (31612345678); the ledger keeps E.164. */
export function e164(value: string | undefined): string {
  const v = (value ?? "").trim();
  return /^\d{8,15}$/.test(v) ? `+${v}` : v;
}
