import { callbackSecretFor, unsubscribeUrl } from "@leadflow/domain";
import { sentMessage } from "@leadflow/domain/revenue/revenue.testkit";
import { addRow } from "@leadflow/domain/sending/outcomes/apply-events.testkit";
import { describe, expect, it } from "vitest";
import { useApi } from "./helpers";

/** The email unsubscribe link (docs/email-events.md): GET asks, POST (button or RFC 8058 one-click) unsubscribes. */
const api = useApi({ APP_URL: "https://app.leadflow.test" });

async function message() {
  const { ctx } = await api.factory.team();
  const m = await sentMessage(api.db, ctx.teamId);
  const url = unsubscribeUrl("https://app.leadflow.test", await callbackSecretFor(api.db, m.s.gatewayId), m.messageId);
  return { m, path: url.replace("https://app.leadflow.test", "") };
}

const q = async <T>(text: string, params: unknown[]) => (await api.database.query<T>(text, params)).rows;

describe("unsubscribe link", () => {
  it("GET shows the question and changes nothing", async () => {
    const { m, path } = await message();
    const res = await api.app.inject({ method: "GET", url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("Unsubscribe from these emails?");
    expect(res.body).toContain('<form method="post"');
    expect(res.body).not.toContain("<script");
    expect(res.body).not.toContain(m.address);
    expect(await q("SELECT 1 FROM suppressions WHERE address = $1", [m.address])).toEqual([]);
  });

  it("a one-click POST suppresses team-wide, sets the email Unsubscribed, counts once and cancels planned email rows", async () => {
    const { m, path } = await message();
    const planned = await addRow(api.db, m.s, { channel: "email", state: "planned" });
    await api.database.query("UPDATE campaign_messages SET address = $1 WHERE id = $2", [m.address, planned.id]);
    for (let i = 0; i < 2; i++) {
      const res = await api.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("You have been unsubscribed");
    }
    expect(
      await q("SELECT reason FROM suppressions WHERE team_id = $1 AND channel = 'email' AND address = $2", [m.s.teamId, m.address]),
    ).toEqual([{ reason: "unsubscribe" }]);
    expect(await q("SELECT status FROM lead_emails WHERE team_id = $1 AND email = $2", [m.s.teamId, m.address])).toEqual([{ status: 4 }]);
    expect(await q("SELECT state, reason FROM campaign_messages WHERE id = $1", [planned.id])).toEqual([
      { state: "cancelled", reason: "unsubscribed" },
    ]);
    expect(
      await q("SELECT sum(unsubscribed)::int AS u, sum(cancelled)::int AS c FROM campaign_counters WHERE campaign_id = $1", [
        m.s.campaignId,
      ]),
    ).toEqual([{ u: 1, c: 1 }]);
    // The lead page's Unsubscribed filter finds the entry.
    expect(await q("SELECT action FROM lead_logs WHERE team_id = $1 AND lead_id = $2", [m.s.teamId, m.leadId])).toEqual([
      { action: "unsubscribe" },
    ]);
    // Opened again, the page says it is done.
    expect((await api.app.inject({ method: "GET", url: path })).body).toContain("You are unsubscribed");
  });

  it("takes multipart and empty one-click posts too", async () => {
    const { path } = await message();
    const boundary = "----x";
    const res = await api.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    const again = await message();
    expect((await api.app.inject({ method: "POST", url: again.path })).statusCode).toBe(200);
  });

  it("refuses a forged or missing signature and an unknown message, and changes nothing", async () => {
    const { m, path } = await message();
    const forged = path.replace(/sig=[0-9a-f]{4}/, "sig=0000");
    for (const url of [forged, path.replace(/\?sig=.*/, ""), `/unsubscribe/${m.messageId + 1000000}?sig=00`, "/unsubscribe/abc"]) {
      const res = await api.app.inject({ method: "POST", url });
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body).toContain("This unsubscribe link is not valid");
    }
    expect((await api.app.inject({ method: "POST", url: forged })).statusCode).toBe(403);
    expect(await q("SELECT 1 FROM suppressions WHERE address = $1", [m.address])).toEqual([]);
  });

  it("answers the spam-test copies' link without touching anything", async () => {
    const res = await api.app.inject({ method: "POST", url: "/unsubscribe/spam-test" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("This was a test email");
  });
});
