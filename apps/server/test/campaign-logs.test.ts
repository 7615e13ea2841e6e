import { addRow, setUp } from "@leadflow/domain/sending/outcomes/apply-events.testkit";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signedInTeam, useApi } from "./helpers";

const api = useApi();

/** A team with a campaign whose ledger holds sent, queued and skipped rows, two replies and three link hits. */
async function campaignWithLogs() {
  const t = await signedInTeam(api);
  const s = await setUp(api.db, t.ctx.teamId);
  const sent = [await addRow(api.db, s, { state: "delivered" }), await addRow(api.db, s, { state: "failed" })];
  await api.db.execute(sql`UPDATE campaign_messages SET body = 'Hi there', error_code = '30007', error_message = 'Filtered'
    WHERE id = ${sent[1]!.id}`);
  const queued = await addRow(api.db, s, { state: "planned" });
  const skipped = await addRow(api.db, s, { state: "skipped", reason: "suppressed" });
  // The address is on the list because an earlier email to it bounced hard: the skipped row says so.
  await api.db.execute(
    sql`INSERT INTO suppressions (team_id, channel, address, reason) VALUES (${t.ctx.teamId}, 'sms', ${skipped.address}, 'bounce')`,
  );
  // An email, sent from a sender group's username under its own name.
  const email = await addRow(api.db, s, { state: "bounced", channel: "email" });
  await api.db.execute(sql`UPDATE campaign_messages SET sender = '"Ann from Acme" <ann@acme.test>', error_code = 'Permanent:General',
      subject = 'Spring' WHERE id = ${email.id}`);
  await api.db.execute(sql`INSERT INTO inbound_messages (team_id, gateway_id, event_id, from_number, to_number, body, campaign_id, intent,
      answer_message, updated_at)
    VALUES (${t.ctx.teamId}, ${s.gatewayId}, ${`in-${s.campaignId}-1`}, ${sent[0]!.address}, '+12015550101', 'STOP', ${s.campaignId}, 'stop',
      'You are unsubscribed.', now() - interval '1 minute'),
      (${t.ctx.teamId}, ${s.gatewayId}, ${`in-${s.campaignId}-2`}, ${sent[1]!.address}, '+12015550101', 'Who is this?', ${s.campaignId}, 'none', NULL, now())`);
  const hit = (reason: string | null, country: string | null = null) =>
    sql`(${`${s.campaignId}-${reason}`}, 'click', ${t.ctx.teamId}, ${s.campaignId}, ${s.keys[0]!.stepId}, ${s.keys[0]!.partId}, ${sent[0]!.id},
      7, ${reason}, 'https://go.example/abc', 'https://shop.example/x', '8.8.8.8', ${country}, 'Mozilla/5.0 (iPhone)', true, false)`;
  await api.db.execute(sql`INSERT INTO message_hits (hit_id, kind, team_id, campaign_id, step_id, part_id, message_id, lead_id, reason,
      click_url, redirect_url, ip, country, user_agent, mobile, proxy)
    VALUES ${hit(null, "US")}, ${hit("preview")}, ${hit("expired")}`);
  await api.db.execute(sql`UPDATE message_hits SET reason_detail = 'link_preview: Slackbot', proxy = true, asname = 'AS14618 Amazon.com, Inc.'
    WHERE campaign_id = ${s.campaignId} AND reason = 'preview'`);
  return { t, s, sent, queued };
}

describe("campaign logs", () => {
  it("lists sent messages, queued and skipped ones as three views of the ledger", async () => {
    const { t, s, sent, queued } = await campaignWithLogs();
    const messages = (await t.call("GET", `/api/campaigns/${s.campaignId}/message-logs`)).json();
    expect(messages.meta).toMatchObject({ total: 3, per_page: 100, last_page: 1 });
    const failed = messages.data.find((r: { id: number }) => r.id === sent[1]!.id);
    expect(failed).toMatchObject({ message: "Hi there", error_code: "30007", error_message: "Filtered", gateway: expect.any(String) });
    // Every status, state and reason in words; the provider's code with its meaning.
    expect(failed).toMatchObject({
      status: "failed",
      status_label: "Failed",
      status_type_label: "Failed",
      step_status: "completed",
      step_status_label: "Completed",
      error_title: "30007 — Carrier filtered the message",
    });
    const delivered = messages.data.find((r: { id: number }) => r.id === sent[0]!.id);
    expect(delivered).toMatchObject({ step_status_label: "Completed", status_label: "Delivered", error_title: null });
    const bounced = messages.data.find((r: { channel: string }) => r.channel === "email");
    expect(bounced).toMatchObject({
      from: "ann@acme.test",
      from_name: "Ann from Acme",
      status_label: "Bounce",
      status_type_label: "Bounced",
      error_title: "Permanent:General — Hard bounce: the address does not accept mail",
    });

    const q = (await t.call("GET", `/api/campaigns/${s.campaignId}/queued-logs`)).json();
    expect(q.data.map((r: { id: number }) => r.id)).toEqual([queued.id]);
    expect(q.data[0].send_after).toEqual(expect.any(String));

    const skipped = (await t.call("GET", `/api/campaigns/${s.campaignId}/skipped-logs`)).json();
    expect(skipped.data).toEqual([
      expect.objectContaining({
        status_type: "suppressed",
        status_type_label: "Suppressed: Hard bounce",
        error_title: "Suppressed: Hard bounce",
        status: "cancelled",
        status_label: "Cancelled",
      }),
    ]);
  });

  it("lists replies newest first, 15 a page, with the answer sent", async () => {
    const { t, s } = await campaignWithLogs();
    const page = (await t.call("GET", `/api/campaigns/${s.campaignId}/incoming-messages`)).json();
    expect(page.meta.per_page).toBe(15);
    expect(page.data.map((r: { body: string }) => r.body)).toEqual(["Who is this?", "STOP"]);
    expect(page.data[1]).toMatchObject({ answer_message: "You are unsubscribed.", intent: "stop" });
  });

  it("keeps counted clicks apart from the redirects it did not count, with why", async () => {
    const { t, s } = await campaignWithLogs();
    const clicks = (await t.call("GET", `/api/campaigns/${s.campaignId}/statistic/clicks`)).json();
    expect(clicks.data).toEqual([
      expect.objectContaining({
        lead_id: 7,
        ip_address: expect.objectContaining({ ip: "8.8.8.8", country: "US", mobile: true, proxy: false }),
      }),
    ]);
    const redirects = (await t.call("GET", `/api/campaigns/${s.campaignId}/redirect-logs`)).json();
    expect(redirects.data.map((r: { reason_label: string }) => r.reason_label)).toEqual(["Link expired", "Link preview"]);
    expect(redirects.data[1]).toMatchObject({
      rule: "User agent",
      why: 'A link preview: "Slackbot" fetched the link to show a card where it was shared. From a datacenter network (AS14618 Amazon.com, Inc.).',
    });
    expect(redirects.data[0]).toMatchObject({ rule: "Link expiry" });
  });

  it("searches clicks by a column and a value, and says what a value must look like", async () => {
    const { t, s } = await campaignWithLogs();
    const url = (q: string) => `/api/campaigns/${s.campaignId}/statistic/clicks?${q}`;
    expect((await t.call("GET", url("column=country&value=us"))).json().data).toHaveLength(1);
    expect((await t.call("GET", url("column=city&value=Paris"))).json().data).toHaveLength(0);
    expect((await t.call("GET", url("column=mobile&value=Yes"))).json().data).toHaveLength(1);
    const bad = await t.call("GET", url("column=mobile&value=maybe"));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.value).toEqual(["Search this column by Yes or No."]);
    expect((await t.call("GET", url("column=lead_id&value=x1"))).statusCode).toBe(422);
    expect((await t.call("GET", url("column=password&value=x"))).statusCode).toBe(422);
    expect((await t.call("GET", url("limit=1000"))).statusCode).toBe(422);
  });

  it("answers 404 for another team's campaign", async () => {
    const { s } = await campaignWithLogs();
    const other = await signedInTeam(api);
    for (const path of [
      "message-logs",
      "queued-logs",
      "skipped-logs",
      "incoming-messages",
      "welcome-messages",
      "statistic/clicks",
      "redirect-logs",
    ]) {
      expect((await other.call("GET", `/api/campaigns/${s.campaignId}/${path}`)).statusCode).toBe(404);
    }
  });
});
