import type { GatewaySenders } from "@leadflow/contracts";
import type { ConnectionCheck, ProviderOptions } from "./provider-types";

/*
 * The send interfaces: one per kind (SMS, email) beside the lookup ones, one adapter per gateway type. The
 * sending engine (campaigns) only speaks these types. The rules behind them are the send protocol's
 * (docs/sending.md): an adapter never retries a send on its own, because a retry after the request was written can
 * double-send; it classifies what happened and the engine decides.
 */

/** One SMS as the engine hands it over: already rendered, encoded and paced. */
export interface SmsSendRequest {
  /** The ledger row's id: carried in the status-callback address or the provider's reference field. */
  messageId: string;
  /** E.164. */
  to: string;
  /** The sender: an E.164 number, an alphanumeric sender id, or a provider-side pool (see `senderKind`). */
  from: string;
  /**
   * `number`: `from` is a phone number or alpha id; `pool`: `from` is a provider-side pool (Twilio Messaging
   * Service SID, a Telnyx messaging profile, a Flowroute DID group …).
   */
  senderKind: "number" | "pool";
  body: string;
  /** Where the provider posts status callbacks for this message (absolute https URL), when it takes one per message. */
  statusCallbackUrl?: string;
  /** Sent as the provider's idempotency key where it honours one; stable across attempts of one ledger row. */
  idempotencyKey: string;
  /** Seconds the provider may keep trying before it gives the message up (quiet hours: ends before the window closes). */
  validitySeconds?: number;
}

/** One email, rendered. */
export interface EmailSendRequest {
  messageId: string;
  to: string;
  /** The sender address (a verified identity of the gateway). */
  from: string;
  fromName?: string;
  replyTo?: string;
  subject: string;
  html: string;
  text?: string;
  idempotencyKey: string;
  /** Provider tags (SES message tags): the engine puts campaign, step and message ids here. */
  tags?: Record<string, string>;
  /** List-Unsubscribe target (one-click, RFC 8058). */
  unsubscribeUrl?: string;
}

/**
 * What became of a send, as the ledger needs it (docs/sending.md):
 * - `accepted`: the provider took it; `providerId` is its id for callbacks.
 * - `rejected`: the provider answered that it did not take it (a 4xx that means "not sent"); never retried.
 * - `throttled`: proven not taken (429, or the connection refused before the request was written): the row may go
 *   back to planned; `retryAfterMs` when the provider said.
 * - `unknown`: the request may have been taken (timeout, reset, 5xx after the request was written); reconciled
 *   from callbacks or the provider's message list, never resent blindly.
 */
export type SendOutcome =
  | { kind: "accepted"; providerId: string; segments?: number; cost?: number }
  | { kind: "rejected"; code: string; message: string /** An opt-out the provider knows of (Twilio 21610). */; optedOut?: boolean }
  | { kind: "throttled"; retryAfterMs: number | null; message: string }
  | { kind: "unknown"; message: string };

/** A message's status as the engine ranks it (docs/sending.md): callbacks only ever move a message forward. */
export type DeliveryStatus =
  | "queued"
  | "sent"
  | "delivered"
  | "failed"
  | "undelivered"
  | "blocked_by_carrier"
  | "inactive_device"
  | "landline"
  | "opted_out"
  | "bounced"
  | "complained"
  | "opened"
  | "clicked";

/** One status event out of a verified callback. */
export interface StatusEvent {
  /** The provider's id for deduplication of the event itself (falls back to providerId + status). */
  eventId: string;
  /** The ledger row's id when the callback carries it (our URL or tag), else null (match by providerId). */
  messageId: string | null;
  providerId: string | null;
  status: DeliveryStatus;
  /**
   * The provider's own status word ("failed", "undelivered" …) when ours is refined from it: Twilio's "failed" (never
   * left Twilio, not billed) and "undelivered" (billed) may both become `blocked_by_carrier` by their error code.
   */
  providerStatus?: string | null;
  /** The provider's error code and words, when it gave them. */
  errorCode: string | null;
  errorMessage: string | null;
  /** When the provider says it happened (ISO), else null. */
  occurredAt: string | null;
}

/** One inbound message (a reply) out of a verified callback. */
export interface InboundMessage {
  eventId: string;
  from: string;
  to: string;
  body: string;
  receivedAt: string | null;
}

/** What arrived at a callback address, as the web server saw it. */
export interface CallbackRequest {
  method: string;
  /** The full public URL the provider called (signatures cover it), query string included. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body as received (signatures cover the bytes). */
  rawBody: string;
}

/**
 * A parsed callback: `invalid` when the signature or shape does not verify (answer 403, change nothing);
 * `ignored` for well-formed events the product has no use for; `reply` is a body the provider expects back
 * (SNS subscription confirmation is handled inside the adapter by calling SubscribeURL).
 */
export type CallbackResult =
  | { kind: "invalid"; reason: string }
  | { kind: "status"; events: StatusEvent[] }
  | { kind: "inbound"; messages: InboundMessage[] }
  | { kind: "ignored"; reason: string };

/**
 * A sender a gateway offers: a number (or alpha id) or a provider-side pool for SMS; a verified address or a
 * verified domain (any address at it) for email. Shown in routes, pools and steps.
 */
export interface SenderOption {
  kind: "number" | "pool" | "address" | "domain";
  /** The value sent as `from` (E.164, alpha id, pool id, email address); a domain for `domain`. */
  key: string;
  label: string;
}

/**
 * A message the engine asks the provider about (reconciliation, docs/sending.md): by the provider's id when the
 * send was answered, else — the answer was lost — by recipient, sender, body and the time it was handed over.
 */
export interface MessageQuery {
  providerId: string | null;
  to: string;
  from: string;
  body: string;
  submittedAt: Date;
}

/** The provider's word on a message: its id and status (`queued` while it is still on its way). */
export interface ProviderMessage {
  providerId: string;
  status: DeliveryStatus;
  /** The provider's own status word, for the event id (one status of one message is one event). */
  raw: string;
  /** The status word the billing rule reads, when it is not `raw` (the sandbox's played provider word). */
  providerStatus?: string;
  errorCode: string | null;
  errorMessage: string | null;
}

export interface SmsSendAdapter {
  /**
   * The provider's record of a message, or `null` when it has none (it never took it). Providers without a message
   * API leave it out: their messages wait for callbacks, then close without a receipt.
   */
  lookup?(query: MessageQuery, signal?: AbortSignal): Promise<ProviderMessage | null>;
  /** One attempt, never retried inside: see `SendOutcome`. */
  send(req: SmsSendRequest, signal?: AbortSignal): Promise<SendOutcome>;
  /** Status callbacks and inbound messages, verified (signature or shared secret) before anything is parsed. */
  parseCallback(req: CallbackRequest): Promise<CallbackResult>;
  /** The senders the account has (numbers, pools) for the pickers; the configured ones when the API has no list. */
  senderOptions(signal?: AbortSignal): Promise<SenderOption[]>;
  testConnection(signal?: AbortSignal): Promise<ConnectionCheck>;
  /** The provider's list price per SMS part in dollars (0 for the sandbox). */
  readonly unitCost: number;
}

export interface EmailSendAdapter {
  lookup?(query: MessageQuery, signal?: AbortSignal): Promise<ProviderMessage | null>;
  send(req: EmailSendRequest, signal?: AbortSignal): Promise<SendOutcome>;
  parseCallback(req: CallbackRequest): Promise<CallbackResult>;
  /** Verified identities: addresses and domains the gateway may send from. */
  senderOptions(signal?: AbortSignal): Promise<SenderOption[]>;
  testConnection(signal?: AbortSignal): Promise<ConnectionCheck>;
  readonly unitCost: number;
}

/** What an adapter needs besides its gateway: where callbacks go, and the secret that signs our own callback URLs. */
export interface SendContext {
  /** The gateway's id: callback URLs are `${publicUrl}/hooks/{kind}/{gatewayId}/…`. */
  gatewayId: number;
  /** The app's public base URL (https in production). */
  publicUrl: string;
  /** Signs callback URLs for providers that sign nothing themselves (a per-gateway HMAC secret). */
  callbackSecret: string;
}

/** How each SMS adapter module is built; `senders`: the gateway's configured senders, for providers whose API has no list. */
export type SmsSendFactory = (
  params: Record<string, string>,
  ctx: SendContext,
  opts?: ProviderOptions,
  senders?: Partial<GatewaySenders>,
) => SmsSendAdapter;
export type EmailSendFactory = (params: Record<string, string>, ctx: SendContext, opts?: ProviderOptions) => EmailSendAdapter;
