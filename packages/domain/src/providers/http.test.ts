import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeControls, type FakeProviderSpec, startFakeServer } from "./fakes/fake-server";
import { jsonObject, parseRetryAfter, providerRequest, retryDelayMs } from "./http";
import { ProviderError } from "./provider-types";
import { redact } from "./redact";

const SECRET = "sk_live_0123456789";

const spec: FakeProviderSpec = {
  valueOf: (req) => req.url.searchParams.get("v"),
  // Some providers echo the key back: the message must not.
  errorBody: (status) => ({ message: `failure ${status} for key ${SECRET}` }),
  handle: (req) => (req.url.pathname === "/text" ? { status: 200, body: "plain" } : { status: 200, body: { ok: true } }),
};

describe("providerRequest", () => {
  let fake: FakeControls;
  beforeAll(async () => {
    fake = await startFakeServer(spec);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.failNext(0);
    fake.rateLimitNext(0);
    fake.hangNext(0);
    fake.stats.reset();
  });
  // A generous timeout: on a busy machine a loopback answer can take a while, and no test here means it to time out
  // unless it says so (hung requests never answer, so a short timeout there is certain to expire).
  const fast = { timeoutMs: 10_000, backoffMs: 5, maxBackoffMs: 20 };

  it("returns the status, text and parsed JSON", async () => {
    expect(await providerRequest({ provider: "P", url: `${fake.url}/json?v=a` }, fast)).toEqual({
      status: 200,
      text: '{"ok":true}',
      json: { ok: true },
    });
    expect((await providerRequest({ provider: "P", url: `${fake.url}/text` }, fast)).json).toBeUndefined();
  });

  it("refuses a 2xx that is not a JSON object as not retryable", async () => {
    const res = await providerRequest({ provider: "P", url: `${fake.url}/text` }, fast);
    expect(() => jsonObject(res, "P")).toThrow(
      expect.objectContaining({ retryable: false, message: "P answered something that is not a JSON object." }),
    );
  });

  it("scrubs credentials from the URL and the provider's words", async () => {
    fake.failNext(1, 400);
    const error = (await providerRequest({ provider: "P", url: `${fake.url}/json?api_key=${SECRET}&v=b`, secrets: [SECRET] }, fast).catch(
      (e: unknown) => e,
    )) as ProviderError;
    expect(error.message).toBe("P answered HTTP 400: failure 400 for key [redacted]");
  });

  it("retries a 408 but not a 404", async () => {
    fake.failNext(1, 408);
    await providerRequest({ provider: "P", url: `${fake.url}/json?v=c` }, fast);
    expect(fake.stats.requestsFor("c")).toBe(2);
    fake.failNext(1, 404);
    await expect(providerRequest({ provider: "P", url: `${fake.url}/json?v=d` }, fast)).rejects.toMatchObject({
      retryable: false,
      status: 404,
    });
    expect(fake.stats.requestsFor("d")).toBe(1);
  });

  it("sends each retry through the caller's pacer, not the first attempt", async () => {
    fake.failNext(2, 500);
    let paced = 0;
    await providerRequest({ provider: "P", url: `${fake.url}/json?v=paced` }, { ...fast, pace: async () => void paced++ });
    expect(fake.stats.requestsFor("paced")).toBe(3);
    expect(paced).toBe(2);
  });

  it("stops at once when the caller cancels, rethrowing the caller's reason", async () => {
    fake.hangNext(5);
    const controller = new AbortController();
    const pending = providerRequest({ provider: "P", url: `${fake.url}/json?v=e`, signal: controller.signal }, fast);
    // Cancelled once the request is in flight (the fake holds it), whenever that is.
    while (fake.stats.requestsFor("e") === 0) await new Promise((r) => setImmediate(r));
    controller.abort(new Error("job paused"));
    await expect(pending).rejects.toThrow("job paused");
    expect(fake.stats.requestsFor("e")).toBe(1);
  });

  it("words a timeout and gives up after the attempts", async () => {
    fake.hangNext(2);
    await expect(
      providerRequest({ provider: "P", url: `${fake.url}/json?v=f` }, { ...fast, timeoutMs: 100, attempts: 2 }),
    ).rejects.toMatchObject({
      retryable: true,
      message: "P did not answer within 0.1 s. (gave up after 2 attempts)",
    });
  });

  it("counts arrivals per second, and refuses beyond its configured rate", async () => {
    // The fake's windows run on a clock the test moves, so each arrival falls in the second it is meant to.
    let now = 0;
    const limited = await startFakeServer(spec, { rateLimitPerSecond: 3, now: () => now });
    try {
      const status = (v: string) =>
        providerRequest({ provider: "P", url: `${limited.url}/json?v=${v}` }, { ...fast, attempts: 1 }).then(
          (r) => r.status,
          (e: ProviderError) => e.status,
        );
      expect(await Promise.all(["g0", "g1", "g2"].map(status))).toEqual([200, 200, 200]);
      now = 999;
      expect(await status("g3")).toBe(429);
      // The first three are a full second old: two arrivals in this window (g3 counts, though refused).
      now = 1000;
      expect(await status("g4")).toBe(200);
      expect(limited.stats.maxPerSecond).toBe(4);
      expect(limited.stats.total).toBe(5);
    } finally {
      await limited.close();
    }
  });
});

describe("retry timing", () => {
  it("reads Retry-After as seconds or an HTTP-date", () => {
    const now = Date.parse("2024-01-01T00:00:00Z");
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter("Mon, 01 Jan 2024 00:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Sun, 31 Dec 2023 00:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("backs off exponentially with jitter, capped, and honours a provider's Retry-After", () => {
    const opts = { backoffMs: 100, maxBackoffMs: 300 };
    const plain = new ProviderError("x", true);
    for (let i = 0; i < 20; i++) {
      const first = retryDelayMs(1, plain, opts);
      expect(first).toBeGreaterThanOrEqual(50);
      expect(first).toBeLessThanOrEqual(100);
      const third = retryDelayMs(3, plain, opts);
      expect(third).toBeGreaterThanOrEqual(150);
      expect(third).toBeLessThanOrEqual(300);
    }
    expect(retryDelayMs(1, new ProviderError("x", true, 429, 2000), opts)).toBe(2000);
  });
});

describe("redact", () => {
  it("masks known secrets, their URL-encoded form and credential query values", () => {
    expect(redact("key=abc&x=1 token=zz", [])).toBe("key=abc&x=1 token=zz");
    expect(redact("https://h/p?api_key=abc&email=a@b.c", [])).toBe("https://h/p?api_key=[redacted]&email=a@b.c");
    expect(redact("secret a/b+c and a%2Fb%2Bc", ["a/b+c"])).toBe("secret [redacted] and [redacted]");
  });
});
