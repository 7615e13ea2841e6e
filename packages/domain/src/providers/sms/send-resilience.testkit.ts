import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hookUrl, signedStatusUrl } from "../callback-signing";
import { type FakeControls, healthy } from "../fakes/fake-server";
import type { ProviderOptions } from "../provider-types";
import type {
  CallbackRequest,
  CallbackResult,
  InboundMessage,
  SendContext,
  SendOutcome,
  SmsSendAdapter,
  SmsSendRequest,
} from "../send-types";

/*
 * The failure matrix every SMS send adapter owes the send ledger (docs/sending.md), run against the
 * adapter's fake server on loopback. One call per adapter test file:
 *
 *   describeSendResilience({
 *     name: "Telnyx",
 *     start: () => startFakeTelnyx(),                       // a fake with `baseUrls` for ProviderOptions
 *     adapter: (fake, opts) => telnyxSmsAdapter(params(fake), ctx, opts),
 *     wrongAdapter: (fake, opts) => telnyxSmsAdapter({ ...params(fake), token: "wrong" }, ctx, opts),
 *     wrongMessage: /API key is wrong/,                      // what testConnection says with wrong credentials
 *     secrets: (fake) => [fake.apiKey],                     // never in any outcome's message
 *     request,                                              // the SmsSendRequest every send test uses
 *     accepted: (fake, outcome) => { … },                   // assert the exact request the provider received
 *     rejectedCode: "40310",                                // the code in the fake's error body for HTTP 400
 *     callbacks: { valid, forged, tampered, unsigned, inbound? },
 *   });
 *
 * What it proves, each against a fresh fake state (failNext/rateLimitNext/hangNext/resetNext/down reset):
 * - accepted: one request, the provider's id; `accepted` checks auth, fields, the message-id echo, validity;
 * - a 4xx: rejected with the provider's code; a 429 with Retry-After: throttled with retryAfterMs; a 500 or 503:
 *   unknown; all with exactly one request (an adapter never retries a send);
 * - accept-then-hang (the timeout): unknown, and still ONE request after waiting past the timeout again;
 * - the connection reset after the request was written: unknown, one request;
 * - connection refused (nothing written): throttled; the caller's abort: the send rejects with its reason;
 * - wrong credentials: the send is rejected, testConnection says so (ok false, `wrongMessage`);
 * - callbacks: `valid(fake, status)` parses to that status for the request's message (by ledger id or provider id);
 *   the same callback twice gives the same eventId (the inbox dedupes); delivered then sent both parse with their
 *   own statuses and ids (the engine ranks them); forged, tampered and unsigned callbacks are `invalid`;
 *   `inbound`, where the provider posts replies, parses to from/to/body.
 * No wall-clock assertions: the only wait is past a deliberately short timeout.
 */

type Accepted = Extract<SendOutcome, { kind: "accepted" }>;
type Maybe<T> = T | Promise<T>;

export interface SendResilienceCase<F extends FakeControls & { baseUrls: Record<string, string> }> {
  name: string;
  start(): Promise<F>;
  /** The adapter with the fake's credentials; `opts` carries the fake's base URLs and the timeout. */
  adapter(fake: F, opts: ProviderOptions): SmsSendAdapter;
  /** The adapter with wrong credentials. */
  wrongAdapter(fake: F, opts: ProviderOptions): SmsSendAdapter;
  /** What testConnection says with wrong credentials. */
  wrongMessage: RegExp;
  /** Values that must never appear in an outcome's message (API keys, tokens). */
  secrets(fake: F): string[];
  request: SmsSendRequest;
  /** Asserts what the provider received for the accepted `request` (the fake records it). */
  accepted(fake: F, outcome: Accepted): void;
  /** The provider's error code in the fake's answer to an injected HTTP 400, as `rejected.code`. */
  rejectedCode: string;
  callbacks: {
    /** A callback signed as the provider signs it, reporting `status` for `request`. */
    valid(fake: F, status: "sent" | "delivered"): Maybe<CallbackRequest>;
    /** Signed with a key that is not the gateway's. */
    forged(fake: F): Maybe<CallbackRequest>;
    /** A valid callback altered after signing (its body, or the message id in its URL). */
    tampered(fake: F): Maybe<CallbackRequest>;
    /** Without any signature. */
    unsigned(fake: F): Maybe<CallbackRequest>;
    /** An inbound reply signed as the provider signs it, and what it must parse to; absent when replies go elsewhere. */
    inbound?(fake: F): Maybe<{ request: CallbackRequest; expected: Pick<InboundMessage, "from" | "to" | "body"> }>;
  };
}

/** The send tests' options: a patient timeout for answered requests, a short one where a hang is the point. */
export const SEND_TIMEOUT_MS = 10_000;
export const HANG_TIMEOUT_MS = 300;

/** ProviderOptions pointing at a fake, with the patient timeout unless `extra` says otherwise. */
export const sendOptions = (fake: { baseUrls: Record<string, string> }, extra: ProviderOptions = {}): ProviderOptions => ({
  timeoutMs: SEND_TIMEOUT_MS,
  ...extra,
  baseUrls: fake.baseUrls,
});

/** A test gateway's SendContext: callbacks to https://app.example.com, signed with its own secret. */
export const testSendContext = (gatewayId: number): SendContext => ({
  gatewayId,
  publicUrl: "https://app.example.com",
  callbackSecret: `callback-secret-${gatewayId}`,
});

/** The SMS a send test sends (+12125550100 → +14155550123) as ledger row `messageId`; `extra` changes any part. */
export const testSmsRequest = (messageId: string, extra: Partial<SmsSendRequest> = {}): SmsSendRequest => ({
  messageId,
  to: "+14155550123",
  from: "+12125550100",
  senderKind: "number",
  body: "Hi Ann, your quote is ready.",
  idempotencyKey: `row-${messageId}`,
  ...extra,
});

/**
 * The forged, tampered and unsigned `callbacks` of a provider that signs nothing and reports to our signed
 * per-message status URL: `report` (a valid "delivered" report) moved to the URL signed with another secret, to
 * the URL with its message id changed after signing, and to the bare address.
 */
export function signedUrlCallbacks<F>(ctx: SendContext, messageId: string, report: (fake: F) => Promise<CallbackRequest>) {
  const moved = async (fake: F, url: (real: CallbackRequest) => string): Promise<CallbackRequest> => {
    const real = await report(fake);
    return { ...real, url: url(real) };
  };
  return {
    forged: (fake: F) => moved(fake, () => signedStatusUrl({ ...ctx, callbackSecret: "not-our-secret" }, messageId)),
    tampered: (fake: F) => moved(fake, (real) => real.url.replace(`m=${messageId}`, `m=${messageId}1`)),
    unsigned: (fake: F) => moved(fake, () => hookUrl(ctx, "sms", "status")),
  };
}

export function describeSendResilience<F extends FakeControls & { baseUrls: Record<string, string> }>(c: SendResilienceCase<F>): void {
  describe(`${c.name} send adapter against its fake: the failure matrix`, () => {
    let fake: F;
    const opts = (extra: ProviderOptions = {}): ProviderOptions => sendOptions(fake, extra);
    const send = async (extra: ProviderOptions = {}): Promise<SendOutcome> => {
      const outcome = await c.adapter(fake, opts(extra)).send(c.request);
      if ("message" in outcome) for (const secret of c.secrets(fake)) expect(outcome.message).not.toContain(secret);
      return outcome;
    };
    const parse = async (req: Maybe<CallbackRequest>): Promise<CallbackResult> => c.adapter(fake, opts()).parseCallback(await req);

    beforeAll(async () => {
      fake = await c.start();
    });
    afterAll(async () => {
      await fake.close();
    });
    beforeEach(() => healthy(fake));

    it("sends an accepted message with one request and the provider's id", async () => {
      const outcome = await send();
      expect(outcome).toMatchObject({ kind: "accepted", providerId: expect.any(String) });
      c.accepted(fake, outcome as Accepted);
      expect(fake.stats.total).toBe(1);
    });

    it("reads a 4xx as rejected with the provider's code, without a second request", async () => {
      fake.failNext(1, 400);
      expect(await send()).toMatchObject({ kind: "rejected", code: c.rejectedCode });
      expect(fake.stats.total).toBe(1);
    });

    it("reads a 429 as throttled with the Retry-After, without a second request", async () => {
      fake.rateLimitNext(1, 7);
      expect(await send()).toMatchObject({ kind: "throttled", retryAfterMs: 7000 });
      expect(fake.stats.total).toBe(1);
    });

    it.each([500, 503])("reads a %i as unknown (the provider may have it), without a second request", async (status) => {
      fake.failNext(1, status);
      expect(await send()).toMatchObject({ kind: "unknown" });
      expect(fake.stats.total).toBe(1);
    });

    it("reads accept-then-hang as unknown after the timeout, and never sends a second request", async () => {
      fake.hangNext(1);
      expect(await send({ timeoutMs: HANG_TIMEOUT_MS })).toMatchObject({
        kind: "unknown",
        message: expect.stringMatching(/may have been taken/),
      });
      // The only sleep: long enough that a retry after the timeout would have arrived.
      await new Promise((resolve) => setTimeout(resolve, 2 * HANG_TIMEOUT_MS));
      expect(fake.stats.total).toBe(1);
    });

    it("reads a connection reset after the request was written as unknown", async () => {
      fake.resetNext(1);
      expect(await send()).toMatchObject({ kind: "unknown" });
      expect(fake.stats.total).toBe(1);
    });

    it("reads a refused connection (nothing written) as throttled", async () => {
      await fake.down("refuse");
      expect(await send()).toMatchObject({ kind: "throttled", retryAfterMs: null });
    });

    it("rejects with the caller's reason when the caller aborts, after one request", async () => {
      fake.hangNext(1);
      const controller = new AbortController();
      const pending = c.adapter(fake, opts()).send(c.request, controller.signal);
      for (let waited = 0; fake.stats.total === 0 && waited < 5000; waited += 10) await new Promise((r) => setTimeout(r, 10));
      controller.abort(new Error("shutting down"));
      await expect(pending).rejects.toThrow("shutting down");
      expect(fake.stats.total).toBe(1);
    });

    it("rejects a send with wrong credentials, and testConnection says so", async () => {
      const outcome = await c.wrongAdapter(fake, opts()).send(c.request);
      expect(outcome.kind).toBe("rejected");
      expect((await c.adapter(fake, opts()).testConnection()).ok).toBe(true);
      expect(await c.wrongAdapter(fake, opts()).testConnection()).toEqual({ ok: false, message: expect.stringMatching(c.wrongMessage) });
    });

    it("prices a message part above zero", () => {
      expect(c.adapter(fake, opts()).unitCost).toBeGreaterThan(0);
    });

    it("parses a valid status callback for the request's message", async () => {
      const result = await parse(c.callbacks.valid(fake, "delivered"));
      expect(result.kind).toBe("status");
      const event = (result as Extract<CallbackResult, { kind: "status" }>).events[0]!;
      expect(event.status).toBe("delivered");
      expect(event.eventId).toBeTruthy();
      expect(event.messageId ?? event.providerId).toBeTruthy();
      if (event.messageId !== null) expect(event.messageId).toBe(c.request.messageId);
    });

    it("gives a duplicated callback the same eventId, so the inbox dedupes it", async () => {
      const first = await parse(c.callbacks.valid(fake, "delivered"));
      const second = await parse(c.callbacks.valid(fake, "delivered"));
      expect(eventIds(first)).toEqual(eventIds(second));
      expect(eventIds(first)).toHaveLength(1);
    });

    it("parses out-of-order callbacks (delivered, then sent) each with its own status and id", async () => {
      const delivered = await parse(c.callbacks.valid(fake, "delivered"));
      const sent = await parse(c.callbacks.valid(fake, "sent"));
      expect(statuses(delivered)).toEqual(["delivered"]);
      expect(statuses(sent)).toEqual(["sent"]);
      expect(eventIds(delivered)).not.toEqual(eventIds(sent));
    });

    it.each(["forged", "tampered", "unsigned"] as const)("refuses a %s callback", async (kind) => {
      expect(await parse(c.callbacks[kind](fake))).toMatchObject({ kind: "invalid" });
    });

    it.runIf(c.callbacks.inbound)("parses an inbound reply", async () => {
      const { request, expected } = await c.callbacks.inbound!(fake);
      const result = await parse(request);
      expect(result.kind).toBe("inbound");
      const message = (result as Extract<CallbackResult, { kind: "inbound" }>).messages[0]!;
      expect(message).toMatchObject(expected);
      expect(message.eventId).toBeTruthy();
    });
  });
}

function eventIds(result: CallbackResult): string[] {
  return result.kind === "status" ? result.events.map((e) => e.eventId) : [];
}

function statuses(result: CallbackResult): string[] {
  return result.kind === "status" ? result.events.map((e) => e.status) : [];
}
