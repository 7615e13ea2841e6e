import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SANDBOX_EMAIL_DOMAIN } from "../../providers";
import { startFakeSes } from "../../providers/testing";
import { createPacer } from "../../shared/pacer";
import { one, rows } from "../../shared/rows";
import { planFirstStep } from "../plan/plan";
import { useSendingTestkit } from "../plan/plan.testkit";
import type { ClaimedRow } from "./dispatch-claim";
import { renderBatch } from "./dispatch-render";
import { withPreHeader } from "./dispatch-render-email";
import { runDispatcher } from "./dispatcher";

const kit = useSendingTestkit();
const db = kit.db;

const env = { publicUrl: "https://app.leadflow.test", unitCost: 0.001, signingSecret: "s" };
const emails = (n: number) => Array.from({ length: n }, (_, i) => ({ email: `lead${i}@example.com` }));

/** A sender email group of the team with these usernames, in this order. */
async function senderGroup(teamId: number, usernames: [fromName: string, userName: string][]) {
  const g = await one<{ id: number }>(
    db(),
    sql`INSERT INTO sender_email_groups (team_id, name) VALUES (${teamId}, 'Rotation') RETURNING id`,
  );
  for (const [fromName, userName] of usernames)
    await db().execute(
      sql`INSERT INTO sender_email_usernames (team_id, group_id, from_name, user_name) VALUES (${teamId}, ${g!.id}, ${fromName}, ${userName})`,
    );
  return g!.id;
}

/** An Active email campaign over `n` leads, planned and due now, with one email step of `step`'s fields. */
async function emailCampaign(n: number, step: (teamId: number) => Promise<object>, input: object = {}) {
  const t = await kit.setup(emails(n));
  const fields = await step(t.ctx.teamId);
  const c = await kit.campaign(t.ctx, t.list.id, { type: "email", setting_gateway_id: t.email.id, ...input }, [
    { type: "email", name: "Mail", message: "<html><body><p>Hi</p></body></html>", subject: "Spring", ...fields },
  ]);
  await db().execute(sql`UPDATE campaigns SET status = 'active', is_started = true WHERE id = ${c.id}`);
  await planFirstStep(db(), c.id);
  await db().execute(
    sql`UPDATE campaign_messages SET due_at = now() - interval '1 second', not_after = 'infinity' WHERE campaign_id = ${c.id}`,
  );
  return { t, c };
}

const ledger = (campaignId: number) =>
  rows<ClaimedRow>(
    db(),
    sql`SELECT id::float8 AS id, team_id, campaign_id, step_id, part_id, lead_id::float8 AS lead_id, channel, address, gateway_id, sender,
          sender_kind, NULL AS not_after FROM campaign_messages WHERE campaign_id = ${campaignId} ORDER BY id`,
  );

describe("email sender groups", () => {
  it("turn the group's usernames message by message, each an even share, each with its own from name", async () => {
    const { c } = await emailCampaign(10, async (teamId) => ({
      sender_type: "group",
      sender_email_group_id: await senderGroup(teamId, [
        ["Ann at Shop", "ann"],
        ["Bob at Shop", "bob"],
        ["Cy at Shop", "cy"],
      ]),
      sender_domain: "shop.io",
      from_name: "The step's name",
    }));
    const rendered = await renderBatch(db(), await ledger(c.id), env);
    const share = new Map<string, number>();
    for (const r of rendered) share.set(`${r.fromName} <${r.from}>`, (share.get(`${r.fromName} <${r.from}>`) ?? 0) + 1);
    expect([...share.keys()].sort()).toEqual(["Ann at Shop <ann@shop.io>", "Bob at Shop <bob@shop.io>", "Cy at Shop <cy@shop.io>"]);
    // Ten messages over three usernames: 4, 3, 3 — never more than one apart.
    expect([...share.values()].sort()).toEqual([3, 3, 4]);
    // A message rendered again (a retry after a throttle) keeps its sender.
    const again = await renderBatch(db(), await ledger(c.id), env);
    expect(again.map((r) => r.from)).toEqual(rendered.map((r) => r.from));
  });

  it("send from the gateway's verified domain when the step names none, with the campaign's reply-to", async () => {
    const { t, c } = await emailCampaign(
      4,
      async (teamId) => ({
        sender_type: "group",
        sender_email_group_id: await senderGroup(teamId, [
          ["Ann", "ann"],
          ["Bob", "bob"],
        ]),
      }),
      { reply_to: "replies@shop.io" },
    );
    const rendered = await renderBatch(db(), await ledger(c.id), { ...env, emailDomain: async () => SANDBOX_EMAIL_DOMAIN });
    expect(new Set(rendered.map((r) => r.from))).toEqual(new Set([`ann@${SANDBOX_EMAIL_DOMAIN}`, `bob@${SANDBOX_EMAIL_DOMAIN}`]));
    expect(rendered.every((r) => r.replyTo === "replies@shop.io")).toBe(true);
    // Through the dispatcher: the sandbox gateway names its domain, so every message has a sender and is accepted.
    const deps = {
      db: db(),
      publicUrl: env.publicUrl,
      providerOptions: { sandboxCallbacks: { schedule: () => {} } },
      pacer: createPacer(1000),
    };
    expect(await runDispatcher(deps, t.email.id)).toBe("idle");
    const states = await rows<{ state: string }>(db(), sql`SELECT state FROM campaign_messages WHERE campaign_id = ${c.id}`);
    expect(states.map((s) => s.state)).toEqual(Array(4).fill("accepted"));
  });

  it("give no sender when the group is gone, rather than another team's usernames", async () => {
    const other = await kit.setup([]);
    const foreign = await senderGroup(other.ctx.teamId, [["Eve", "eve"]]);
    const { c } = await emailCampaign(1, async (teamId) => ({
      sender_type: "group",
      sender_email_group_id: await senderGroup(teamId, [["A", "a"]]),
    }));
    await db().execute(
      sql`UPDATE campaign_steps SET options = options || ${JSON.stringify({ sender_email_group_id: foreign })}::jsonb WHERE campaign_id = ${c.id}`,
    );
    const [r] = await renderBatch(db(), await ledger(c.id), { ...env, emailDomain: async () => "shop.io" });
    expect(r!.from).toBeNull();
  });
});

describe("email extras", () => {
  it("put the pre-header first in the body, filled in and escaped, and keep the other sender types", async () => {
    const { t, c } = await emailCampaign(1, async () => ({
      sender_type: "domain",
      sender_domain: "shop.io",
      sender_username: "",
      from_name: "Shop",
      pre_header: "Deals from {{list}} <50% off>",
    }));
    const [r] = await renderBatch(db(), await ledger(c.id), env);
    expect(r!.from).toMatch(/^lead\d+@shop\.io$/);
    expect(r!.fromName).toBe("Shop");
    expect(r!.replyTo).toBeNull();
    expect(r!.body.startsWith('<html><body><div style="display:none')).toBe(true);
    expect(r!.body).toContain(`>Deals from ${t.list.name} &#60;50% off&#62;</div><p>Hi</p></body></html>`);
  });

  it("withPreHeader leads a body without <body> and leaves a message without a pre-header alone", () => {
    expect(withPreHeader("<p>x</p>", "Hello")).toMatch(/^<div [^>]*>Hello<\/div><p>x<\/p>$/);
    expect(withPreHeader("<p>x</p>", "  ")).toBe("<p>x</p>");
  });
});

describe("lead values in an email", () => {
  it("arrive in the sent body as text, never as markup, and in the subject on one line", async () => {
    const names = [
      "<script>alert(1)</script>\r\nBcc: x@y",
      '<a href="https://evil.example">Claim your prize</a>',
      '<form action="https://evil.example/steal"><input name="card"></form>',
    ];
    const { t } = await emailCampaign(names.length, async () => ({
      sender_type: "email",
      sender_email: "sender@example.com",
      subject: "Hi {{first_name}}, deals inside",
      message: '<html><body><p>Hi {{first_name}}</p><a href="{{link}}">Shop</a> <a href="{{unsubscribe_url}}">Stop</a></body></html>',
    }));
    const attribute = await one<{ id: number }>(
      db(),
      sql`INSERT INTO lead_attributes (team_id, name, slug, type) VALUES (${t.ctx.teamId}, 'First name', 'first_name', 'string') RETURNING id`,
    );
    for (const [i, name] of names.entries())
      await db().execute(
        sql`UPDATE leads SET attrs = jsonb_build_object(${String(attribute!.id)}::text, jsonb_build_array(${name}::text))
            WHERE team_id = ${t.ctx.teamId} AND id = ${t.leadIds[i]!}`,
      );
    // The team's gateway as Amazon SES (its fake on loopback): what it records is the request the provider got.
    const ses = await startFakeSes();
    try {
      await db().execute(
        sql`UPDATE gateways SET type = 'aws_ses',
              params = ${JSON.stringify({ key: ses.accessKeyId, secret: ses.secretAccessKey, region: "us-east-1" })}::jsonb
            WHERE id = ${t.email.id}`,
      );
      const deps = { db: db(), publicUrl: env.publicUrl, providerOptions: { baseUrls: ses.baseUrls }, pacer: createPacer(1000) };
      expect(await runDispatcher(deps, t.email.id)).toBe("idle");
      type Simple = { Subject: { Data: string }; Body: { Html: { Data: string } } };
      const sent = ses.sent.map((m) => (m.body as { Content: { Simple: Simple } }).Content.Simple);
      expect(sent).toHaveLength(names.length);
      const bodies = sent.map((m) => m.Body.Html.Data);
      for (const body of bodies) {
        // Only the template's own two links are markup; the lead's tags are text.
        expect(body.match(/<a /g)).toHaveLength(2);
        expect(body).not.toMatch(/<(script|form|input)\b|href="https:\/\/evil/);
        expect(body).toMatch(/<a href="https:\/\/app\.leadflow\.test\/[0-9A-Za-z]{10,11}">Shop<\/a>/);
        expect(body).toMatch(/<a href="https:\/\/app\.leadflow\.test\/unsubscribe\/\d+\?sig=[0-9a-f]+">Stop<\/a>/);
      }
      expect(bodies).toEqual(
        expect.arrayContaining([
          expect.stringContaining("<p>Hi &#60;script&#62;alert(1)&#60;/script&#62;\r\nBcc: x@y</p>"),
          expect.stringContaining("<p>Hi &#60;a href=&#34;https://evil.example&#34;&#62;Claim your prize&#60;/a&#62;</p>"),
          expect.stringContaining(
            "<p>Hi &#60;form action=&#34;https://evil.example/steal&#34;&#62;&#60;input name=&#34;card&#34;&#62;&#60;/form&#62;</p>",
          ),
        ]),
      );
      const subjects = sent.map((m) => m.Subject.Data);
      expect(subjects).toContain("Hi <script>alert(1)</script> Bcc: x@y, deals inside");
      for (const subject of subjects) expect(subject).not.toMatch(/[\r\n]/);
    } finally {
      await ses.close();
    }
  });

  it("leave an SMS as it is", async () => {
    const t = await kit.setup([{ phone: "+12015550199" }]);
    const attribute = await one<{ id: number }>(
      db(),
      sql`INSERT INTO lead_attributes (team_id, name, slug, type) VALUES (${t.ctx.teamId}, 'First name', 'first_name', 'string') RETURNING id`,
    );
    await db().execute(
      sql`UPDATE leads SET attrs = jsonb_build_object(${String(attribute!.id)}::text, jsonb_build_array('<b>Ann</b> & "Co"'::text))
          WHERE id = ${t.leadIds[0]!}`,
    );
    const c = await kit.campaign(t.ctx, t.list.id, { setting_gateway_id: t.sms.id }, [
      { type: "sms", name: "Hello", message: "Hi {{first_name}}" },
    ]);
    await planFirstStep(db(), c.id);
    const [r] = await renderBatch(db(), await ledger(c.id), env);
    expect(r!.body).toBe('Hi <b>Ann</b> & "Co"');
    expect(r!.subject).toBeNull();
  });
});
