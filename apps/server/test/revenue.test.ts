import type { RevenueTracking } from "@leadflow/contracts";
import { signPostback, verifyPostbackSignature } from "@leadflow/domain";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

/** Settings → Revenue Tracking: trackings, their postback URLs and signing secrets. */
// A trailing slash on APP_URL must not double the URL's slash.
const api = useApi({ APP_URL: "https://app.leadflow.test/" });

const team = () => signedInTeam(api);
type Team = Awaited<ReturnType<typeof team>>;

async function create(t: Team, name: string): Promise<RevenueTracking> {
  const res = await t.call("POST", "/api/revenues/tracking", { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const URL_SHAPE = /^https:\/\/app\.leadflow\.test\/postback\/([0-9A-Za-z]{24})\?click_id=\{click_id\}&amount=\{amount\}$/;

describe("revenue tracking", () => {
  it("creates a tracking with a postback URL on APP_URL, zero counters and a secret of its own", async () => {
    const t = await team();
    const res = await t.call("POST", "/api/revenues/tracking", { name: "  Offer A  " });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json().data as RevenueTracking;
    expect(res.json().message).toBe("Tracking created.");
    expect(a).toMatchObject({ name: "Offer A", revenue: 0, total_conversations: 0 });
    expect(a.postback_url).toMatch(URL_SHAPE);
    // The answer does not carry the secret; the row menu asks for it.
    expect(JSON.stringify(a)).not.toContain("secret");

    const b = await create(t, "Offer B");
    expect(b.postback_url).not.toBe(a.postback_url);
    const secretA = (await t.call("GET", `/api/revenues/tracking/${a.id}/secret`)).json().secret as string;
    const secretB = (await t.call("GET", `/api/revenues/tracking/${b.id}/secret`)).json().secret as string;
    expect(secretA).toMatch(/^[0-9a-f]{64}$/);
    expect(secretB).not.toBe(secretA);
    // The shown secret is the one stored for the URL's token, and signs as docs/revenue.md says.
    const token = URL_SHAPE.exec(a.postback_url)![1]!;
    const stored = await api.database.query<{ secret: string }>("SELECT secret FROM revenue_trackings WHERE token = $1", [token]);
    expect(stored.rows[0]!.secret).toBe(secretA);
    expect(verifyPostbackSignature(secretA, "click-1", "10.00", signPostback(secretA, "click-1", "10.00"))).toBe(true);
    expect(verifyPostbackSignature(secretB, "click-1", "10.00", signPostback(secretA, "click-1", "10.00"))).toBe(false);
  });

  it("lists all of the team's trackings, oldest first, with their counters, without paging", async () => {
    const t = await team();
    const first = await create(t, "First");
    const second = await create(t, "Second");
    await api.database.query("UPDATE revenue_trackings SET revenue = 1234.5, total_conversations = 7 WHERE id = $1", [second.id]);
    const res = await t.call("GET", "/api/revenues/tracking");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { ...first, revenue: 0, total_conversations: 0 },
        { ...second, revenue: 1234.5, total_conversations: 7 },
      ],
      meta: { current_page: 1, last_page: 1, per_page: 2, total: 2 },
    });
    // A new team has none.
    const empty = await (await team()).call("GET", "/api/revenues/tracking");
    expect(empty.json()).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 1, total: 0 } });
  });

  it("renames without changing the URL or the secret, and deletes", async () => {
    const t = await team();
    const a = await create(t, "Old name");
    const secret = (await t.call("GET", `/api/revenues/tracking/${a.id}/secret`)).json().secret;
    const put = await t.call("PUT", `/api/revenues/tracking/${a.id}`, { name: "New name" });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ message: "Tracking updated.", data: { ...a, name: "New name" } });
    expect((await t.call("GET", `/api/revenues/tracking/${a.id}/secret`)).json().secret).toBe(secret);
    expect((await t.call("GET", `/api/revenues/tracking/${a.id}`)).json()).toEqual({ ...a, name: "New name" });

    const del = await t.call("DELETE", `/api/revenues/tracking/${a.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: "Tracking deleted." });
    expect((await t.call("GET", `/api/revenues/tracking/${a.id}`)).statusCode).toBe(404);
    expect((await t.call("DELETE", `/api/revenues/tracking/${a.id}`)).statusCode).toBe(404);
    expect((await t.call("GET", "/api/revenues/tracking")).json().data).toEqual([]);
  });

  it("refuses a blank, missing or too long name on its field and writes nothing", async () => {
    const t = await team();
    for (const payload of [{ name: "   " }, {}, { name: "x".repeat(192) }, { name: 12 }]) {
      const res = await t.call("POST", "/api/revenues/tracking", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(["name"]);
    }
    expect((await t.call("POST", "/api/revenues/tracking", {})).json().errors.name).toEqual(["The name field is required."]);
    const a = await create(t, "Kept");
    const put = await t.call("PUT", `/api/revenues/tracking/${a.id}`, { name: "" });
    expect(put.statusCode).toBe(422);
    expect((await t.call("GET", "/api/revenues/tracking")).json().data.map((r: RevenueTracking) => r.name)).toEqual(["Kept"]);
  });

  it("answers 404 for another team's tracking on every route and changes nothing", async () => {
    const a = await team();
    const b = await team();
    const tracking = await create(a, "A's offer");
    for (const [method, url] of [
      ["GET", `/api/revenues/tracking/${tracking.id}`],
      ["PUT", `/api/revenues/tracking/${tracking.id}`],
      ["DELETE", `/api/revenues/tracking/${tracking.id}`],
      ["GET", `/api/revenues/tracking/${tracking.id}/secret`],
    ] as const) {
      const res = await b.call(method, url, method === "PUT" ? { name: "Taken by B" } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe("Revenue tracking not found.");
    }
    expect((await b.call("GET", "/api/revenues/tracking")).json().data).toEqual([]);
    expect((await a.call("GET", "/api/revenues/tracking")).json().data).toEqual([tracking]);
  });
});
