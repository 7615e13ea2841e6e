import { ListEmailIdentitiesCommand, type MessageTag, SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { requireParam } from "../adapter-params";
import { callbackHmac } from "../callback-signing";
import { DEFAULT_ATTEMPTS, DEFAULT_TIMEOUT_MS, parseRetryAfter } from "../http";
import { providerBaseUrl } from "../provider-urls";
import { redact } from "../redact";
import { isNotWritten } from "../send-http";
import type { EmailSendFactory, EmailSendRequest, SendContext, SenderOption, SendOutcome } from "../send-types";
import { checkSesAccount, SES_WRONG_KEYS } from "./ses-account";
import { SES_MESSAGE_TAG, SES_SIG_TAG, sesNotification } from "./ses-events";
import { httpCertificateFetcher, isSnsUrl, verifySnsMessage } from "./sns-verify";

/*
 * Email through Amazon SES v2 (type `aws_ses`) with the official SDK: SendEmail with Simple content, the gateway's
 * configuration set (whose SNS event destination reports bounces, complaints, deliveries, opens and clicks), the
 * ledger id and our HMAC of it as mail tags, and one-click List-Unsubscribe headers. One attempt per send (the
 * SDK's own retries are off: a retry after the request was written can be a second email). docs/providers.md,
 * "Sending (email)".
 */

const PROVIDER = "Amazon SES";
/** SES's list price: $0.10 per 1,000 emails. */
export const SES_UNIT_COST = 0.0001;

/** Proven not taken and worth trying later: the send rate or the daily quota is used up. */
const THROTTLED = new Set(["TooManyRequestsException", "ThrottlingException", "Throttling", "LimitExceededException"]);
/** Tag names and values SES accepts. */
const TAG_TEXT = /^[A-Za-z0-9_-]{1,256}$/;

interface SdkError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
  $response?: { headers?: Record<string, string | undefined> };
  cause?: { code?: string };
}

/** `Name <address>`; a name outside printable ASCII as an RFC 2047 encoded word, as SES requires. */
export function fromAddress(address: string, name?: string): string {
  const display = name?.trim();
  if (!display) return address;
  if (/^[\x20-\x7e]*$/.test(display)) return `"${display.replace(/(["\\])/g, "\\$1")}" <${address}>`;
  return `=?UTF-8?B?${Buffer.from(display, "utf8").toString("base64")}?= <${address}>`;
}

function emailTags(req: EmailSendRequest, ctx: SendContext): MessageTag[] {
  const ours = [
    { Name: SES_MESSAGE_TAG, Value: req.messageId },
    { Name: SES_SIG_TAG, Value: callbackHmac(ctx.callbackSecret, req.messageId) },
  ];
  // The engine's tags (campaign, step …) are for the SES console and event filters: made to fit SES's alphabet.
  const fit = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 256);
  const theirs = Object.entries(req.tags ?? {})
    .map(([name, value]) => ({ Name: fit(name), Value: fit(value) || "_" }))
    .filter((t) => t.Name && !t.Name.startsWith("ses") && t.Name !== SES_MESSAGE_TAG && t.Name !== SES_SIG_TAG);
  return [...ours, ...theirs];
}

function sendCommand(req: EmailSendRequest, ctx: SendContext, configurationSet: string | undefined): SendEmailCommand {
  const utf8 = (Data: string) => ({ Data, Charset: "UTF-8" });
  const headers = req.unsubscribeUrl
    ? [
        { Name: "List-Unsubscribe", Value: `<${req.unsubscribeUrl}>` },
        { Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click" },
      ]
    : undefined;
  return new SendEmailCommand({
    FromEmailAddress: fromAddress(req.from, req.fromName),
    Destination: { ToAddresses: [req.to] },
    ReplyToAddresses: req.replyTo ? [req.replyTo] : undefined,
    Content: {
      Simple: {
        Subject: utf8(req.subject),
        Body: { Html: utf8(req.html), ...(req.text ? { Text: utf8(req.text) } : {}) },
        Headers: headers,
      },
    },
    ConfigurationSetName: configurationSet,
    EmailTags: emailTags(req, ctx),
  });
}

/** An SDK failure as the ledger needs it (docs/sending.md). */
export function classifySesError(error: unknown, timedOut: boolean, timeoutMs: number, secrets: readonly string[]): SendOutcome {
  const e = (error ?? {}) as SdkError;
  const name = e.name ?? "Error";
  const status = e.$metadata?.httpStatusCode;
  const words = redact(e.message ?? String(error), secrets);
  if (THROTTLED.has(name) || status === 429) {
    const retryAfterMs = parseRetryAfter(e.$response?.headers?.["retry-after"] ?? null);
    return { kind: "throttled", retryAfterMs, message: `${PROVIDER} is limiting the sending rate (${name}): ${words}` };
  }
  if (timedOut)
    return { kind: "unknown", message: `${PROVIDER} did not answer within ${timeoutMs / 1000} s; the message may have been taken.` };
  const code = e.code ?? e.cause?.code;
  if (isNotWritten(code)) return { kind: "throttled", retryAfterMs: null, message: `Could not reach ${PROVIDER} (${code}).` };
  if (status !== undefined && status >= 400 && status < 500 && status !== 408) {
    const message = SES_WRONG_KEYS.has(name) ? "The Access Key ID or Secret Access Key is wrong." : words;
    return { kind: "rejected", code: name, message: `${PROVIDER} refused the message (${name}): ${message}` };
  }
  const why = status ? `answered HTTP ${status} (${name})` : `dropped the connection${code ? ` (${code})` : ""}`;
  return { kind: "unknown", message: `${PROVIDER} ${why}; the message may have been taken.` };
}

export const sesSendAdapter: EmailSendFactory = (params, ctx, opts = {}) => {
  const accessKeyId = requireParam(params, "key", "Access Key ID", PROVIDER);
  const secretAccessKey = requireParam(params, "secret", "Secret Access Key", PROVIDER);
  const region = requireParam(params, "region", "Region", PROVIDER);
  const configurationSet = params.configuration_set?.trim() || undefined;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = opts.fetch ?? fetch;
  // Built on first use: a callback only verifies a signature and never needs one.
  const clients = new Map<number, SESv2Client>();
  const client = (maxAttempts: number) => {
    let c = clients.get(maxAttempts);
    if (!c) {
      const endpoint = providerBaseUrl(opts, "aws_ses") || undefined;
      c = new SESv2Client({ region, endpoint, credentials: { accessKeyId, secretAccessKey }, maxAttempts });
      clients.set(maxAttempts, c);
    }
    return c;
  };
  const withTimeout = (signal?: AbortSignal) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    return { timeout, abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout };
  };

  return {
    unitCost: SES_UNIT_COST,

    async send(req, signal) {
      if (!TAG_TEXT.test(req.messageId)) {
        return {
          kind: "rejected",
          code: "InvalidMessageId",
          message: "The message id cannot be an SES mail tag (letters, digits, _ and - only).",
        };
      }
      const { timeout, abortSignal } = withTimeout(signal);
      try {
        const out = await client(1).send(sendCommand(req, ctx, configurationSet), { abortSignal });
        if (!out.MessageId)
          return { kind: "unknown", message: `${PROVIDER} answered without a MessageId; the message may have been taken.` };
        return { kind: "accepted", providerId: out.MessageId, cost: SES_UNIT_COST };
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        return classifySesError(error, timeout.aborted, timeoutMs, [secretAccessKey]);
      }
    },

    async parseCallback(req) {
      if (req.method !== "POST") return { kind: "invalid", reason: "Amazon SNS posts its notifications." };
      let body: unknown;
      try {
        body = JSON.parse(req.rawBody);
      } catch {
        return { kind: "invalid", reason: "The body is not JSON (is raw message delivery on? It must be off)." };
      }
      const verified = await verifySnsMessage(body, httpCertificateFetcher(doFetch));
      if (!verified.ok) return { kind: "invalid", reason: verified.reason };
      const msg = verified.message;
      if (msg.Type === "Notification") return sesNotification(msg, ctx.callbackSecret);
      if (msg.Type === "UnsubscribeConfirmation") return { kind: "ignored", reason: `Unsubscribed from ${msg.TopicArn}.` };
      if (!isSnsUrl(msg.SubscribeURL, "subscribe")) return { kind: "invalid", reason: "The SubscribeURL is not on an Amazon SNS host." };
      // Confirming is a GET of SubscribeURL. A failure throws: the hook answers 500 and SNS sends the confirmation again.
      const res = await doFetch(msg.SubscribeURL as string, { signal: AbortSignal.timeout(timeoutMs) });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`Amazon SNS did not confirm the subscription to ${msg.TopicArn} (HTTP ${res.status}).`);
      return { kind: "ignored", reason: `Subscribed to ${msg.TopicArn}.` };
    },

    async senderOptions(signal) {
      const out: SenderOption[] = [];
      let NextToken: string | undefined;
      do {
        const { timeout, abortSignal } = withTimeout(signal);
        try {
          const page = await client(opts.attempts ?? DEFAULT_ATTEMPTS).send(new ListEmailIdentitiesCommand({ PageSize: 1000, NextToken }), {
            abortSignal,
          });
          for (const id of page.EmailIdentities ?? []) {
            if (!id.IdentityName || id.VerificationStatus !== "SUCCESS" || id.SendingEnabled === false) continue;
            const address = id.IdentityType === "EMAIL_ADDRESS";
            out.push({
              kind: address ? "address" : "domain",
              key: id.IdentityName,
              label: address ? id.IdentityName : `Any address at ${id.IdentityName}`,
            });
          }
          NextToken = page.NextToken || undefined;
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          const name = (error as SdkError).name ?? "";
          if (SES_WRONG_KEYS.has(name)) throw new Error("The Access Key ID or Secret Access Key is wrong.");
          if (timeout.aborted) throw new Error(`${PROVIDER} did not answer in time.`);
          throw new Error(`${PROVIDER}: ${redact((error as SdkError).message ?? String(error), [secretAccessKey])}`);
        }
      } while (NextToken);
      return out;
    },

    testConnection: (signal) => checkSesAccount(params, opts, signal),
  };
};
