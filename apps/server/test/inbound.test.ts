import { callbackSecretFor } from "@leadflow/domain";
import { sandboxInboundCallback } from "@leadflow/domain/providers/sandbox-send.adapters";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";

let api: Api;
beforeAll(async () => {
  api = await setupApi();
});
afterAll(() => api.close());

const SENDER = "+12125550100";
async function sandboxSms(token: string): Promise<number> {
  const res = await api.app.inject({
    method: "POST",
    url: "/api/gateways",
    headers: api.auth(token),
    payload: { kind: "sms", type: "sandbox", name: `Sandbox ${Math.random()}`, senders: { numbers: [{ number: SENDER }] } },
  });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}
const query = async (text: string, params: unknown[]) => (await api.database.query<Record<string, unknown>>(text, params)).rows;

describe("inbound hook", () => {
  it("applies a simulated STOP before answering: suppressed, one confirmation planned", async () => {
    const { token, ctx } = await api.factory.team();
    const gw = await sandboxSms(token);
    const simulate = () =>
      api.app.inject({
        method: "POST",
        url: `/api/gateways/${gw}/sandbox/inbound`,
        headers: api.auth(token),
        payload: { from: "+12125550199", to: SENDER, body: "STOP" },
      });
    expect((await simulate()).statusCode).toBe(200);
    expect(await query("SELECT reason FROM suppressions WHERE team_id = $1 AND address = '+12125550199'", [ctx.teamId])).toEqual([
      { reason: "stop" },
    ]);
    expect((await simulate()).statusCode).toBe(200);
    const replies = await query("SELECT intent, answer_state FROM inbound_messages WHERE team_id = $1 ORDER BY id", [ctx.teamId]);
    expect(replies).toEqual([
      { intent: "stop", answer_state: "planned" },
      { intent: "stop", answer_state: null },
    ]);
  });

  it("stores a repeated provider message once and refuses a forged or altered one", async () => {
    const { token, ctx } = await api.factory.team();
    const gw = await sandboxSms(token);
    const secret = await callbackSecretFor(api.db, gw);
    const cb = sandboxInboundCallback(
      { gatewayId: gw, publicUrl: api.config.appUrl, callbackSecret: secret },
      { from: "+12125550198", to: SENDER, body: "STOP" },
    );
    const post = (body: string, headers: Record<string, string>) =>
      api.app.inject({ method: "POST", url: new URL(cb.url).pathname, payload: body, headers });
    expect((await post(cb.body, cb.headers)).json()).toEqual({ received: 1, stored: 1 });
    expect((await post(cb.body, cb.headers)).json()).toEqual({ received: 1, stored: 0 });
    const forged = await post(cb.body.replace("STOP", "START"), cb.headers);
    expect(forged.statusCode).toBe(403);
    const unsigned = await post(cb.body, { "content-type": cb.headers["content-type"] ?? "application/x-www-form-urlencoded" });
    expect(unsigned.statusCode).toBe(403);
    expect(await query("SELECT count(*)::int AS n FROM inbound_messages WHERE team_id = $1", [ctx.teamId])).toEqual([{ n: 1 }]);
    expect(await query("SELECT count(*)::int AS n FROM suppressions WHERE team_id = $1", [ctx.teamId])).toEqual([{ n: 1 }]);
  });

  it("answers bad input with 4xx and changes nothing", async () => {
    const { token, ctx } = await api.factory.team();
    const gw = await sandboxSms(token);
    const post = (url: string, payload: string, type = "application/json") =>
      api.app.inject({ method: "POST", url, payload, headers: { "content-type": type } });
    expect((await post(`/hooks/sms/${gw}/inbound`, "{not json")).statusCode).toBe(403);
    expect((await post(`/hooks/sms/${gw}/inbound`, "x".repeat(300 * 1024), "text/plain")).statusCode).toBe(413);
    expect((await post("/hooks/sms/0/inbound", "{}")).statusCode).toBe(422);
    expect((await post("/hooks/sms/99999999999/inbound", "{}")).statusCode).toBe(422);
    expect((await post(`/hooks/sms/${gw}/inbound`, '{"__proto__":{"x":1}}')).statusCode).toBe(403);
    expect(await query("SELECT count(*)::int AS n FROM inbound_messages WHERE team_id = $1", [ctx.teamId])).toEqual([{ n: 0 }]);
  });

  it("is rate-limited per caller address with Retry-After, before any signature work", async () => {
    const limited = await setupApi({ LEADFLOW_INBOUND_RATE_LIMIT: "2" });
    const post = (remoteAddress: string) =>
      limited.app.inject({
        method: "POST",
        url: "/hooks/sms/1/inbound",
        payload: "{}",
        headers: { "content-type": "application/json" },
        remoteAddress,
      });
    expect((await post("10.9.9.9")).statusCode).not.toBe(429);
    expect((await post("10.9.9.9")).statusCode).not.toBe(429);
    const res = await post("10.9.9.9");
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(res.json().message).toBe("Too many requests. Please try again later.");
    // Another address is not held back by this one.
    expect((await post("10.9.9.10")).statusCode).not.toBe(429);
    await limited.close();
  });
});
