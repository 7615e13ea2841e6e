import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StatusEvent } from "../providers";
import { one, rows } from "../shared/rows";
import { makeFactory } from "../testing/factory";
import { recordProviderEvents } from "./provider-events.service";

let database: Database;
let factory: ReturnType<typeof makeFactory>;
beforeAll(async () => {
  database = await createTestDatabase();
  factory = makeFactory(database);
});
afterAll(() => database.close());

async function gateway(teamId: number | null) {
  const row = await one<{ id: number }>(
    database.db,
    sql`INSERT INTO gateways (team_id, kind, type, name) VALUES (${teamId}, 'sms', 'sandbox', ${`Sandbox ${Date.now()}-${Math.random()}`}) RETURNING id`,
  );
  return { id: row!.id, teamId };
}

const status = (eventId: string, over: Partial<StatusEvent> = {}): StatusEvent => ({
  eventId,
  messageId: "m-1",
  providerId: "sbx_1",
  status: "delivered",
  errorCode: null,
  errorMessage: null,
  occurredAt: "2026-01-15T10:00:00.000Z",
  ...over,
});

const inbox = (gatewayId: number) =>
  rows<{ team_id: number | null; kind: string; event_id: string; message_id: string | null; provider_id: string | null; payload: unknown }>(
    database.db,
    sql`SELECT team_id, kind, event_id, message_id, provider_id, payload FROM provider_events WHERE gateway_id = ${gatewayId} ORDER BY id`,
  );

describe("recordProviderEvents", () => {
  it("stores a callback's status events for the gateway's team, each once", async () => {
    const { ctx } = await factory.team();
    const gw = await gateway(ctx.teamId);
    const events = [status("sbx_1:sent", { status: "sent" }), status("sbx_1:delivered")];
    expect(await recordProviderEvents(database.db, gw, { kind: "status", events })).toEqual({ received: 2, stored: 2 });
    // The provider retries the same callback, and sends another with a repeat inside.
    expect(await recordProviderEvents(database.db, gw, { kind: "status", events })).toEqual({ received: 2, stored: 0 });
    const more = [status("sbx_2:failed", { messageId: "m-2", status: "failed", errorCode: "30008" }), status("sbx_2:failed")];
    expect(await recordProviderEvents(database.db, gw, { kind: "status", events: more })).toEqual({ received: 2, stored: 1 });

    const stored = await inbox(gw.id);
    expect(stored.map((r) => [r.team_id, r.kind, r.event_id, r.message_id, r.provider_id])).toEqual([
      [ctx.teamId, "status", "sbx_1:sent", "m-1", "sbx_1"],
      [ctx.teamId, "status", "sbx_1:delivered", "m-1", "sbx_1"],
      [ctx.teamId, "status", "sbx_2:failed", "m-2", "sbx_1"],
    ]);
    expect(stored[2]!.payload).toEqual(more[0]);
  });

  it("dedupes per gateway: another gateway's event with the same id is its own", async () => {
    const { ctx } = await factory.team();
    const [a, b] = [await gateway(ctx.teamId), await gateway(ctx.teamId)];
    for (const gw of [a, b])
      expect(await recordProviderEvents(database.db, gw, { kind: "status", events: [status("same-id")] })).toEqual({
        received: 1,
        stored: 1,
      });
  });

  it("stores inbound replies, and a platform gateway's events without a team", async () => {
    const gw = await gateway(null);
    const reply = { eventId: "sbx_in_1", from: "+12125550199", to: "+12125550100", body: "STOP", receivedAt: null };
    expect(await recordProviderEvents(database.db, gw, { kind: "inbound", messages: [reply] })).toEqual({ received: 1, stored: 1 });
    expect(await inbox(gw.id)).toEqual([
      { team_id: null, kind: "inbound", event_id: "sbx_in_1", message_id: null, provider_id: null, payload: reply },
    ]);
  });

  it("stores nothing for an ignored or invalid callback", async () => {
    const { ctx } = await factory.team();
    const gw = await gateway(ctx.teamId);
    expect(await recordProviderEvents(database.db, gw, { kind: "ignored", reason: "Subscribed." })).toEqual({ received: 0, stored: 0 });
    expect(await recordProviderEvents(database.db, gw, { kind: "invalid", reason: "Forged." })).toEqual({ received: 0, stored: 0 });
    expect(await inbox(gw.id)).toEqual([]);
  });

  it("stores all of a callback or none of it inside a transaction that fails", async () => {
    const { ctx } = await factory.team();
    const gw = await gateway(ctx.teamId);
    await expect(
      database.db.transaction(async (tx) => {
        await recordProviderEvents(tx, gw, { kind: "status", events: [status("e-1"), status("e-2")] });
        throw new Error("the caller's later step failed");
      }),
    ).rejects.toThrow("later step failed");
    expect(await inbox(gw.id)).toEqual([]);
  });
});
