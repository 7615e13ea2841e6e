import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { callbackHmac } from "./callback-signing";
import type { DelayedCallback } from "./provider-types";
import { SandboxCallbacks, sandboxDelayFromEnv } from "./sandbox-callbacks";
import {
  SANDBOX_EMAIL_SENDER,
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_SMS_UNIT_COST,
  sandboxEmailSendAdapter,
  sandboxInboundCallback,
  sandboxSmsSendAdapter,
} from "./sandbox-send.adapters";
import type { CallbackRequest, EmailSendRequest, SendContext, SmsSendRequest } from "./send-types";

const ctx: SendContext = { gatewayId: 5, publicUrl: "https://app.example.test/", callbackSecret: "gateway-5-callback-secret" };
const sms = (to: string, messageId = "m-1"): SmsSendRequest => ({
  messageId,
  to,
  from: "+12125550100",
  senderKind: "number",
  body: "Hi",
  idempotencyKey: `k-${messageId}`,
});
const email = (to: string, messageId = "e-1"): EmailSendRequest => ({
  messageId,
  to,
  from: SANDBOX_EMAIL_SENDER,
  subject: "Hi",
  html: "<p>Hi</p>",
  idempotencyKey: `k-${messageId}`,
});
const asRequest = (cb: DelayedCallback): CallbackRequest => ({ method: "POST", url: cb.url, headers: cb.headers, rawBody: cb.body });

/** A queue that posts nowhere: the test reads what would have been posted. */
function recordingQueue() {
  const posted: DelayedCallback[] = [];
  const queue = new SandboxCallbacks({ delayMs: 0, post: async (cb) => void posted.push(cb) });
  return { queue, posted };
}

const queues: SandboxCallbacks[] = [];
afterEach(async () => {
  // Nothing a test scheduled may fire after it.
  await Promise.all(queues.splice(0).map((q) => q.close()));
});
function smsAdapter() {
  const r = recordingQueue();
  queues.push(r.queue);
  return { ...r, adapter: sandboxSmsSendAdapter({}, ctx, { sandboxCallbacks: r.queue }, { numbers: [{ number: "+12125550100" }, {}] }) };
}

describe("sandbox SMS sender", () => {
  // Twilio's own word beside ours: "failed" never left Twilio (not billed), "undelivered" was attempted (billed).
  it.each([
    ["+12125550100", "delivered", null, "delivered"],
    ["+12125550105", "delivered", null, "delivered"],
    ["+12125550106", "failed", "30008", "failed"],
    ["+12125550107", "inactive_device", "30003", "undelivered"],
    ["+12125550108", "blocked_by_carrier", "30007", "undelivered"],
    ["+12125550109", "landline", "30006", "undelivered"],
  ] as const)("accepts a send to %s at once, then reports %s through a signed callback", async (to, status, errorCode, providerStatus) => {
    const { adapter, queue, posted } = smsAdapter();
    const outcome = await adapter.send(sms(to, "m-42"));
    expect(outcome).toMatchObject({ kind: "accepted" });
    expect(outcome).not.toHaveProperty("cost");
    const providerId = outcome.kind === "accepted" ? outcome.providerId : "";
    expect(providerId).toMatch(/^sbx_[0-9a-f]{32}$/);

    await queue.idle();
    expect(posted).toHaveLength(1);
    const cb = posted[0]!;
    expect(cb.url).toBe("https://app.example.test/hooks/sms/5/status");
    expect(cb.headers[SANDBOX_SIGNATURE_HEADER]).toBe(callbackHmac(ctx.callbackSecret, cb.body));
    expect(await adapter.parseCallback(asRequest(cb))).toEqual({
      kind: "status",
      events: [
        {
          eventId: `${providerId}:${status}`,
          messageId: "m-42",
          providerId,
          status,
          providerStatus,
          errorCode,
          errorMessage: errorCode ? expect.any(String) : null,
          occurredAt: expect.any(String),
        },
      ],
    });
  });

  it("gives a repeated callback the same event id, and refuses a forged or altered one", async () => {
    const { adapter, queue, posted } = smsAdapter();
    await adapter.send(sms("+12125550101"));
    await queue.idle();
    const cb = posted[0]!;
    const first = await adapter.parseCallback(asRequest(cb));
    expect(await adapter.parseCallback(asRequest(cb))).toEqual(first);

    const altered = { ...asRequest(cb), rawBody: cb.body.replace('"delivered"', '"failed"') };
    expect(await adapter.parseCallback(altered)).toEqual({ kind: "invalid", reason: "The sandbox signature does not match." });
    const unsigned = { ...asRequest(cb), headers: { "content-type": "application/json" } };
    expect(await adapter.parseCallback(unsigned)).toMatchObject({ kind: "invalid" });
    const otherGateway = sandboxSmsSendAdapter({}, { ...ctx, callbackSecret: "gateway-6-callback-secret" }, { sandboxCallbacks: queue });
    expect(await otherGateway.parseCallback(asRequest(cb))).toMatchObject({ kind: "invalid" });
    expect(await adapter.parseCallback({ ...asRequest(cb), method: "GET" })).toMatchObject({ kind: "invalid" });
  });

  it("reads a signed inbound reply (form-encoded, as Twilio posts them)", async () => {
    const { adapter } = smsAdapter();
    const cb = sandboxInboundCallback(ctx, { from: "+12125550199", to: "+12125550100", body: "STOP please & thanks" });
    expect(cb.url).toBe("https://app.example.test/hooks/sms/5/inbound");
    expect(cb.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(await adapter.parseCallback(asRequest(cb))).toEqual({
      kind: "inbound",
      messages: [
        { eventId: cb.eventId, from: "+12125550199", to: "+12125550100", body: "STOP please & thanks", receivedAt: expect.any(String) },
      ],
    });
    expect(await adapter.parseCallback({ ...asRequest(cb), rawBody: cb.body.replace("STOP", "START") })).toMatchObject({ kind: "invalid" });
  });

  it("offers the gateway's configured numbers, has a simulated price and needs no account", async () => {
    const { adapter } = smsAdapter();
    expect(await adapter.senderOptions()).toEqual([{ kind: "number", key: "+12125550100", label: "+12125550100" }]);
    expect(adapter.unitCost).toBe(SANDBOX_SMS_UNIT_COST);
    expect(await adapter.testConnection()).toEqual({ ok: true, message: "Sandbox gateway: no account needed." });
  });
});

describe("sandbox email sender", () => {
  it.each([
    ["jane@example.com", "delivered"],
    ["Bounce.Me@example.com", "bounced"],
    ["complaint-2@example.com", "complained"],
    ["jane@bounce.example.com", "delivered"],
  ] as const)("reports %s as %s on the email status hook", async (to, status) => {
    const { queue, posted } = recordingQueue();
    queues.push(queue);
    const adapter = sandboxEmailSendAdapter({}, ctx, { sandboxCallbacks: queue });
    const outcome = await adapter.send(email(to));
    expect(outcome.kind).toBe("accepted");
    await queue.idle();
    expect(posted[0]!.url).toBe("https://app.example.test/hooks/email/5/status");
    expect(await adapter.parseCallback(asRequest(posted[0]!))).toMatchObject({ kind: "status", events: [{ messageId: "e-1", status }] });
  });

  it("offers a sandbox address and its domain", async () => {
    const adapter = sandboxEmailSendAdapter({}, ctx);
    expect((await adapter.senderOptions()).map((o) => [o.kind, o.key])).toEqual([
      ["address", "campaigns@sandbox.leadflow.test"],
      ["domain", "sandbox.leadflow.test"],
    ]);
  });
});

describe("sandbox callback queue", () => {
  /** The app's hook endpoint, as far as the queue can tell: answers `status` and records the bodies. */
  async function hookServer(status: number) {
    const bodies: string[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString("utf8");
      });
      req.on("end", () => {
        bodies.push(body);
        res.writeHead(status, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { url, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const callback = (url: string, what: string): DelayedCallback => ({ url: `${url}/hooks/sms/5/status`, headers: {}, body: what, what });

  it("posts over HTTP after the delay, and logs a callback the hook did not take", async () => {
    const ok = await hookServer(200);
    const down = await hookServer(500);
    const logged: string[] = [];
    const queue = new SandboxCallbacks({ delayMs: 0, log: (m) => logged.push(m) });
    try {
      queue.schedule(callback(ok.url, "message 1: delivered"));
      queue.schedule(callback(down.url, "message 2: failed"));
      await queue.idle();
      expect(ok.bodies).toEqual(["message 1: delivered"]);
      expect(down.bodies).toEqual(["message 2: failed"]);
      expect(logged).toEqual([
        "Sandbox callback (message 2: failed) could not be delivered to /hooks/sms/5/status: the hook answered HTTP 500",
      ]);
    } finally {
      await queue.close();
      await Promise.all([ok.close(), down.close()]);
    }
  });

  it("posts what is still waiting when it closes, and later callbacks at once", async () => {
    const posted: string[] = [];
    const queue = new SandboxCallbacks({ delayMs: 60_000, post: async (cb) => void posted.push(cb.what) });
    queue.schedule(callback("https://app.example.test", "a"));
    queue.schedule(callback("https://app.example.test", "b"));
    expect(queue.pending).toBe(2);
    expect(posted).toEqual([]);
    await queue.close();
    expect(posted).toEqual(["a", "b"]);
    expect(queue.pending).toBe(0);
    queue.schedule(callback("https://app.example.test", "c"));
    await queue.idle();
    expect(posted).toEqual(["a", "b", "c"]);
  });
});

describe("sandbox callback delay setting", () => {
  it("reads LEADFLOW_SANDBOX_CALLBACK_DELAY_MS and refuses a malformed value", () => {
    expect(sandboxDelayFromEnv({})).toBe(2000);
    expect(sandboxDelayFromEnv({ LEADFLOW_SANDBOX_CALLBACK_DELAY_MS: "0" })).toBe(0);
    expect(sandboxDelayFromEnv({ LEADFLOW_SANDBOX_CALLBACK_DELAY_MS: " 500 " })).toBe(500);
    for (const bad of ["-1", "1.5", "soon"]) {
      expect(() => sandboxDelayFromEnv({ LEADFLOW_SANDBOX_CALLBACK_DELAY_MS: bad })).toThrow(/LEADFLOW_SANDBOX_CALLBACK_DELAY_MS/);
    }
  });
});
