import twilio from "twilio";
import { signedStatusUrl } from "../callback-signing";
import { ProviderError } from "../provider-types";
import { redact } from "../redact";
import type { MessageQuery, ProviderMessage, SendContext, SenderOption, SendOutcome, SmsSendFactory, SmsSendRequest } from "../send-types";
import { checkTwilioAccount, type TwilioCredentials, twilioCredentials } from "../twilio-account";
import { TwilioAttemptFailure, TwilioFetchClient } from "./twilio-http-client";
import { parseTwilioCallback, twilioStatusOf } from "./twilio-sms.callbacks";

/*
 * Twilio Programmable Messaging (SMS gateway type `gateway1`) through the official `twilio` SDK:
 * Messages.create with `From` (a number) or `MessagingServiceSid` (a pool, MG…), our signed StatusCallback carrying
 * the ledger id, and `ValidityPeriod`. The SDK's HTTP goes through TwilioFetchClient: one classified attempt per send.
 * Twilio honours no idempotency key on Messages.create, so none is sent.
 */

/** Twilio's US list price per outbound SMS segment (long code), dollars; carrier fees are billed on top. */
export const TWILIO_SMS_UNIT_COST = 0.0083;

/**
 * The longest ValidityPeriod we send. Twilio documents 1–36,000 s today and 1–14,400 s in its older error 21624;
 * 14,400 is valid under both, and a shorter validity can only end a message earlier, never outside quiet hours.
 */
export const TWILIO_MAX_VALIDITY_SECONDS = 14_400;

/** Send-time RestException codes the ledger treats specially; any other 4xx is a plain rejection with its code. */
export const TWILIO_OPTED_OUT_CODE = "21610";

const PROVIDER = "Twilio";

export const twilioSmsAdapter: SmsSendFactory = (params, ctx, opts = {}) => {
  const creds = twilioCredentials(params, PROVIDER);
  const sdk = (http: TwilioFetchClient) => twilio(creds.sid, creds.token, { accountSid: creds.sid, httpClient: http });

  return {
    unitCost: TWILIO_SMS_UNIT_COST,
    async send(req, signal) {
      const http = new TwilioFetchClient(opts, "send", [creds.token], signal);
      try {
        const message = await sdk(http).messages.create(messageParams(req, ctx));
        const segments = Number(message.numSegments);
        return { kind: "accepted", providerId: message.sid, ...(segments > 0 ? { segments } : {}) };
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        return twilioOutcome(error, http.attempted, creds);
      }
    },
    parseCallback: async (req) => parseTwilioCallback(req, ctx, creds.sid, creds.token),
    lookup: (query, signal) => twilioLookup(sdk(new TwilioFetchClient(opts, "read", [creds.token], signal)), query),
    senderOptions: (signal) => twilioSenders(sdk(new TwilioFetchClient(opts, "read", [creds.token], signal))),
    testConnection: (signal) => checkTwilioAccount(creds, opts, signal),
  };
};

/** The Messages.create parameters of one ledger row. */
export function messageParams(req: SmsSendRequest, ctx: SendContext) {
  return {
    to: req.to,
    body: req.body,
    ...(req.senderKind === "pool" ? { messagingServiceSid: req.from } : { from: req.from }),
    statusCallback: req.statusCallbackUrl ?? signedStatusUrl(ctx, req.messageId),
    ...(req.validitySeconds ? { validityPeriod: Math.max(1, Math.min(TWILIO_MAX_VALIDITY_SECONDS, Math.floor(req.validitySeconds))) } : {}),
  };
}

/** What a failed Messages.create means for the ledger. */
function twilioOutcome(error: unknown, attempted: boolean, creds: TwilioCredentials): SendOutcome {
  if (error instanceof TwilioAttemptFailure) return error.outcome;
  if (error instanceof twilio.RestException) {
    // Only 4xx answers reach the SDK (send-http turns 429, 408 and 5xx into throttled/unknown first).
    const code = String(error.code ?? error.status);
    const message = redact(`Twilio refused the message (HTTP ${error.status}, error ${code}): ${error.message}`, [creds.token]);
    return { kind: "rejected", code, message, ...(code === TWILIO_OPTED_OUT_CODE ? { optedOut: true } : {}) };
  }
  const words = error instanceof Error ? error.message : String(error);
  // Before any request (a malformed Account SID the SDK refuses): nothing was sent.
  if (!attempted)
    return { kind: "rejected", code: "configuration", message: redact(`The Twilio gateway cannot send: ${words}`, [creds.token]) };
  // A 2xx the SDK could not read: Twilio answered success, so the message may well exist.
  return {
    kind: "unknown",
    message: redact(`Twilio's answer could not be read (${words}); the message may have been taken.`, [creds.token]),
  };
}

/** How far before its hand-over a lost send's message is looked for (our clock and Twilio's differ). */
const LOOKBACK_MS = 60_000;

/**
 * A message's record at Twilio: Messages fetch by SID; without one (the answer to the send was lost), the newest
 * messages To the number (and From it), matched by body and created since the hand-over — not filtered by DateSent,
 * which a message still queued does not have yet. A 404, or no match, means Twilio has no such message.
 */
async function twilioLookup(client: twilio.Twilio, q: MessageQuery): Promise<ProviderMessage | null> {
  try {
    const m = q.providerId
      ? await client.messages(q.providerId).fetch()
      : (await client.messages.list({ to: q.to, ...(q.from.startsWith("MG") ? {} : { from: q.from }), limit: 50 })).find(
          (m) => m.body === q.body && m.dateCreated.getTime() >= q.submittedAt.getTime() - LOOKBACK_MS,
        );
    if (!m) return null;
    const code = m.errorCode ? String(m.errorCode) : null;
    return {
      providerId: m.sid,
      status: twilioStatusOf(m.status, code) ?? "queued",
      raw: m.status,
      errorCode: code,
      errorMessage: m.errorMessage ?? null,
    };
  } catch (error) {
    if ((error instanceof twilio.RestException || error instanceof ProviderError) && error.status === 404) return null;
    throw error;
  }
}

/** The account's SMS-capable numbers and its Messaging Services (pools), up to 1,000 of each. */
async function twilioSenders(client: twilio.Twilio): Promise<SenderOption[]> {
  const [numbers, services] = await Promise.all([
    client.incomingPhoneNumbers.list({ pageSize: 1000, limit: 1000 }),
    client.messaging.v1.services.list({ pageSize: 1000, limit: 1000 }),
  ]);
  return [
    ...numbers
      .filter((n) => n.capabilities?.sms !== false)
      .map((n): SenderOption => ({ kind: "number", key: n.phoneNumber, label: labelOf(n.phoneNumber, n.friendlyName) })),
    ...services.map((s): SenderOption => ({ kind: "pool", key: s.sid, label: labelOf(s.sid, s.friendlyName) })),
  ];
}

function labelOf(key: string, name: string | null | undefined): string {
  return name && name !== key ? `${name} (${key})` : key;
}
