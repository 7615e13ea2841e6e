import type { Database } from "@leadflow/db";
import { createTestDatabase } from "@leadflow/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeFactory } from "../../testing/factory";
import { SuppressionWatch } from "./suppression-watch";
import { suppress } from "./suppressions";

let database: Database;
let teamId: number;
beforeAll(async () => {
  database = await createTestDatabase();
  teamId = (await makeFactory(database).team()).ctx.teamId;
});
afterAll(() => database?.close());

const until = async (ok: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return ok();
};

describe("SuppressionWatch", () => {
  it("knows, without a query, what was suppressed since a stamp: the written address is held, the others go", async () => {
    const watch = new SuppressionWatch(database);
    const release = await watch.acquire();
    try {
      const since = watch.stamp();
      expect(watch.verdict(teamId, "sms", "+12125550001", since)).toBe(false);
      await suppress(database.db, [{ teamId, channel: "sms", address: "+12125550001", reason: "stop", campaignId: null }]);
      expect(await until(() => watch.verdict(teamId, "sms", "+12125550001", since) === true)).toBe(true);
      expect(watch.verdict(teamId, "sms", "+12125550002", since)).toBe(false);
      expect(watch.verdict(teamId, "email", "+12125550001", since)).toBe(false);
      // A stamp taken after the notice: the read it came before saw the suppression itself.
      expect(watch.verdict(teamId, "sms", "+12125550001", watch.stamp())).toBe(false);
      // Written again: nothing new, no notice.
      const later = watch.stamp();
      await suppress(database.db, [{ teamId, channel: "sms", address: "+12125550001", reason: "stop", campaignId: null }]);
      await new Promise((r) => setTimeout(r, 100));
      expect(watch.stamp()).toBe(later);
    } finally {
      await release();
    }
  });

  it("sends the list to be read when a write names only its team, and when it stops listening", async () => {
    const watch = new SuppressionWatch(database);
    const release = await watch.acquire();
    const since = watch.stamp();
    // Too many addresses for one notice: it names the team only.
    const many = Array.from({ length: 600 }, (_, i) => ({
      teamId,
      channel: "email" as const,
      address: `someone.with.a.long.address.${i}@example.com`,
      reason: "bounce" as const,
      campaignId: null,
    }));
    await suppress(database.db, many);
    expect(await until(() => watch.verdict(teamId, "sms", "+12125550009", since) === null)).toBe(true);
    expect(watch.verdict(teamId + 1, "sms", "+12125550009", since)).toBe(false);
    await release();
    expect(watch.verdict(teamId + 1, "sms", "+12125550009", watch.stamp())).toBe(null);
  });
});
