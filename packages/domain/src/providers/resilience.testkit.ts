import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeControls, healthy } from "./fakes/fake-server";
import { type LookupAdapter, ProviderError, type ProviderOptions } from "./provider-types";

/*
 * The behaviour every real adapter owes the lookup runner, run against its fake server: Retry-After honoured,
 * 5xx and timeouts retried, other 4xx not, attempts exhausted as a retryable ProviderError, credentials checked
 * by testConnection, secrets never in messages. Each adapter's test file calls this with its own fake.
 */

/** `I` is what one lookup asks about: a phone or an email, or a richer input (a certificate and its lead). */
export interface ResilienceCase<F extends FakeControls, R, I = string> {
  name: string;
  start(): Promise<F & { baseUrls: Record<string, string> }>;
  /** The adapter with the fake's credentials. */
  adapter(fake: F, opts: ProviderOptions): LookupAdapter<R, I>;
  /** The adapter with wrong credentials, and what testConnection must then say. */
  wrongAdapter(fake: F, opts: ProviderOptions): LookupAdapter<R, I>;
  wrongMessage: RegExp;
  /** The secrets that must never appear in an error message. */
  secrets(fake: F): string[];
  value: I;
  /** How the fake counts `value` (a provider may take it in another form, e.g. 10 digits). */
  countedAs: string;
  expected: R;
}

/**
 * Short backoffs keep the suite fast. The timeout is long: no test means an answered request to time out, and on a
 * busy machine a loopback answer can take hundreds of milliseconds.
 */
export const FAST: ProviderOptions = { timeoutMs: 10_000, backoffMs: 5, maxBackoffMs: 20, attempts: 3 };

export function describeResilience<F extends FakeControls, R, I = string>(c: ResilienceCase<F, R, I>): void {
  describe(`${c.name} against its fake: retries and credentials`, () => {
    let fake: F & { baseUrls: Record<string, string> };
    const opts = (extra: ProviderOptions = {}): ProviderOptions => ({ ...FAST, ...extra, baseUrls: fake.baseUrls });
    const failure = async (p: Promise<unknown>): Promise<ProviderError> => {
      const error = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ProviderError);
      const pe = error as ProviderError;
      for (const secret of c.secrets(fake)) expect(pe.message).not.toContain(secret);
      return pe;
    };

    beforeAll(async () => {
      fake = await c.start();
    });
    afterAll(async () => {
      await fake.close();
    });
    beforeEach(() => healthy(fake));

    it("answers and maps a plain lookup with one request", async () => {
      expect(await c.adapter(fake, opts()).lookup(c.value)).toEqual(c.expected);
      expect(fake.stats.requestsFor(c.countedAs)).toBe(1);
    });

    it("waits out a 429's Retry-After, then succeeds", async () => {
      fake.rateLimitNext(1, 1);
      const started = Date.now();
      expect(await c.adapter(fake, opts()).lookup(c.value)).toEqual(c.expected);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(fake.stats.requestsFor(c.countedAs)).toBe(2);
    });

    it("retries a 500, then succeeds", async () => {
      fake.failNext(1, 500);
      expect(await c.adapter(fake, opts()).lookup(c.value)).toEqual(c.expected);
      expect(fake.stats.requestsFor(c.countedAs)).toBe(2);
    });

    it("retries after a timeout, then succeeds", async () => {
      fake.hangNext(1);
      // The first attempt hangs, so its timeout is certain. The retry goes without the timeout's signal: a slow
      // machine must not time the answered attempt out as well.
      let sent = 0;
      const fetchRetryUntimed: typeof fetch = (input, init) => fetch(input, ++sent === 1 ? init : { ...init, signal: undefined });
      expect(await c.adapter(fake, opts({ timeoutMs: 150, fetch: fetchRetryUntimed })).lookup(c.value)).toEqual(c.expected);
      expect(fake.stats.requestsFor(c.countedAs)).toBe(2);
      expect(sent).toBe(2);
    });

    it("does not retry a permanent 4xx", async () => {
      fake.failNext(1, 400);
      const error = await failure(c.adapter(fake, opts()).lookup(c.value));
      expect(error.retryable).toBe(false);
      expect(error.status).toBe(400);
      expect(fake.stats.requestsFor(c.countedAs)).toBe(1);
    });

    it("throws a retryable ProviderError once the attempts run out", async () => {
      fake.failNext(10, 503);
      const error = await failure(c.adapter(fake, opts()).lookup(c.value));
      expect(error.retryable).toBe(true);
      expect(error.status).toBe(503);
      expect(error.message).toMatch(/gave up after 3 attempts/);
      expect(fake.stats.requestsFor(c.countedAs)).toBe(3);
    });

    it("hands a long Retry-After back to the runner instead of sleeping on it", async () => {
      fake.rateLimitNext(1, 120);
      const error = await failure(c.adapter(fake, opts()).lookup(c.value));
      expect(error.retryable).toBe(true);
      expect(error.retryAfterMs).toBe(120_000);
      expect(fake.stats.requestsFor(c.countedAs)).toBe(1);
    });

    it("treats a refused connection as retryable", async () => {
      await fake.down("refuse");
      const error = await failure(c.adapter(fake, opts({ attempts: 2 })).lookup(c.value));
      expect(error.retryable).toBe(true);
      expect(error.message).toMatch(/Could not reach/);
    });

    it("tests the connection: ok with the right credentials, a clear message with wrong ones", async () => {
      expect((await c.adapter(fake, opts()).testConnection()).ok).toBe(true);
      const wrong = await c.wrongAdapter(fake, opts()).testConnection();
      expect(wrong).toEqual({ ok: false, message: expect.stringMatching(c.wrongMessage) });
    });
  });
}
