import {
  CampaignLimits,
  type SuppressionReason,
  SuppressionReasons,
  smsLength,
  type TestEmail,
  type TestSendResult,
  type TestSms,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import {
  type CampaignRecord,
  campaignOf,
  emailHeaderText,
  newLinkCode,
  renderEmailSubject,
  renderMessage,
  shortLink,
} from "../../../campaigns";
import { normalizeEmail, normalizePhone } from "../../../contacts";
import type { TeamCtx } from "../../../shared/context";
import { AppError } from "../../../shared/errors";
import { type DbOrTx, one } from "../../../shared/rows";
import { lockTeamTestSends } from "../../../shared/team-locks";
import { renderEmailBody } from "../dispatch-render-email";
import { type SendEnv, testEmailSender, testSmsSender } from "./test-send-sender";
import { testLeadValues } from "./test-send-values";

/*
 * Test SMS / Test Email: the step's message rendered for a lead of the audience and sent for real through the
 * campaign's sender — by the gateway's dispatcher, like every message, so the gateway's pace, the suppression list and
 * the money apply to it. The request writes the test (a row of `campaign_test_sends`, never a ledger row or a counter,
 * so it never shows in the campaign's figures), wakes the dispatcher and waits for the provider's answer. A team sends
 * a capped number of tests a day, whatever the campaign; an address on the suppression list gets none, and the answer
 * says why.
 */

export type { SendEnv } from "./test-send-sender";

/** A person waits for the alert: this long for the provider's answer. */
const WAIT_MS = 20_000;
const POLL_MS = 100;

interface StepRow {
  id: number;
  type: string;
  message: string;
  subject: string | null;
  short_url_domain_id: number | null;
  options: Record<string, unknown>;
}

const invalid = (field: string, message: string) => new AppError("campaign_invalid", message, { [field]: [message] });

async function stepOfCampaign(db: DbOrTx, ctx: TeamCtx, campaignId: number, stepId: number): Promise<StepRow> {
  const step = await one<StepRow>(
    db,
    sql`SELECT id, type, message, subject, short_url_domain_id, options FROM campaign_steps
        WHERE team_id = ${ctx.teamId} AND campaign_id = ${campaignId} AND id = ${stepId}`,
  );
  if (!step) throw new AppError("campaign_step_not_found");
  return step;
}

/** The test link's base: the step's short-URL domain while the team may use it, else the app's own host. */
async function linkBase(db: DbOrTx, ctx: TeamCtx, step: StepRow, env: SendEnv) {
  const domain =
    step.short_url_domain_id === null
      ? undefined
      : await one<{ url: string; https_enabled: boolean }>(
          db,
          sql`SELECT url, https_enabled FROM short_url_domains
              WHERE team_id = ${ctx.teamId} AND id = ${step.short_url_domain_id} AND access = 'enabled'`,
        );
  if (domain) return { host: domain.url, https: domain.https_enabled };
  const app = new URL(env.publicUrl);
  return { host: app.host, https: app.protocol === "https:" };
}

/** An address the team's suppression list holds gets no test either: refused, saying since when and why. */
async function refuseSuppressed(db: DbOrTx, ctx: TeamCtx, channel: "sms" | "email", to: string): Promise<void> {
  const s = await one<{ reason: SuppressionReason; created_at: string }>(
    db,
    sql`SELECT reason, created_at::text AS created_at FROM suppressions WHERE team_id = ${ctx.teamId} AND channel = ${channel} AND address = ${to}`,
  );
  if (!s) return;
  const since = new Date(s.created_at).toISOString().slice(0, 10);
  const why = (SuppressionReasons[s.reason] ?? s.reason).toLowerCase();
  throw new AppError(
    "campaign_test_suppressed",
    `${to} is on your suppression list (${why}, ${since}): Leadflow sends it nothing, tests included.`,
  );
}

interface TestRow {
  channel: "sms" | "email";
  to: string;
  gatewayId: number;
  sender: string;
  senderKind: "number" | "pool";
  body: string;
  parts: number;
  subject?: string;
  fromName?: string;
  replyTo?: string | null;
  unsubscribeUrl?: string;
}

/** Writes the test under the team's lock, so tests sent together cannot pass the day's cap together. */
async function reserve(db: DbOrTx, ctx: TeamCtx, c: CampaignRecord, stepId: number, t: TestRow): Promise<number> {
  return db.transaction(async (tx) => {
    await lockTeamTestSends(tx, ctx.teamId);
    const cap = t.channel === "sms" ? CampaignLimits.testSmsPerDay : CampaignLimits.testEmailsPerDay;
    const sent = await one<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM campaign_test_sends
          WHERE team_id = ${ctx.teamId} AND channel = ${t.channel} AND created_at > now() - interval '1 day' AND state <> 'cancelled'`,
    );
    if ((sent?.n ?? 0) >= cap) throw new AppError(t.channel === "sms" ? "campaign_test_limit" : "campaign_test_email_limit");
    const row = await one<{ id: number }>(
      tx,
      sql`INSERT INTO campaign_test_sends (team_id, campaign_id, step_id, channel, recipient, gateway_id, sender, sender_kind, body, parts,
            subject, from_name, reply_to, unsubscribe_url)
          VALUES (${ctx.teamId}, ${c.id}, ${stepId}, ${t.channel}, ${t.to}, ${t.gatewayId}, ${t.sender}, ${t.senderKind}, ${t.body},
            ${t.parts}, ${t.subject ?? null}, ${t.fromName ?? null}, ${t.replyTo ?? null}, ${t.unsubscribeUrl ?? null})
          RETURNING id`,
    );
    return row!.id;
  });
}

interface Settled {
  outcome: TestSendResult["outcome"];
  providerId: string | null;
  message: string;
}

/**
 * Wakes the dispatcher and waits for the test's answer. A test no dispatcher took in time is withdrawn (never sent
 * later, when nobody waits for it); one the provider has not answered yet may still have been sent.
 */
async function sendAndWait(db: DbOrTx, id: number, t: TestRow, env: SendEnv, what: string): Promise<Settled> {
  await env.wake(t.gatewayId);
  const end = Date.now() + (env.waitMs ?? WAIT_MS);
  for (;;) {
    const row = await one<{ state: string; provider_id: string | null; error: string | null }>(
      db,
      sql`SELECT state, provider_id, error FROM campaign_test_sends WHERE id = ${id}`,
    );
    const detail = (row?.error ?? "").replace(/\.?$/, ".");
    if (row?.state === "accepted")
      return settle(db, id, { outcome: "accepted", providerId: row.provider_id, message: `${what} sent to ${t.to}.` });
    if (row?.state === "rejected")
      return settle(db, id, { outcome: "rejected", providerId: null, message: `${what} was not sent: ${detail}` });
    if (row?.state === "unknown")
      return settle(db, id, { outcome: "unknown", providerId: null, message: `${what} may not have been sent: ${detail}` });
    if (Date.now() >= end) {
      const withdrawn = await one(
        db,
        sql`UPDATE campaign_test_sends SET state = 'cancelled', updated_at = now() WHERE id = ${id} AND state = 'planned' RETURNING id`,
      );
      const message = withdrawn
        ? `${what} was not sent: the gateway is busy. Try again in a minute.`
        : `${what} may not have been sent: the provider did not answer within ${Math.round((env.waitMs ?? WAIT_MS) / 1000)} seconds.`;
      return settle(db, id, { outcome: withdrawn ? "throttled" : "unknown", providerId: null, message });
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The alert's words are kept on the row (the test's history). */
async function settle(db: DbOrTx, id: number, s: Settled): Promise<Settled> {
  await db.execute(sql`UPDATE campaign_test_sends SET result = ${s.message} WHERE id = ${id}`);
  return s;
}

export async function sendTestSms(db: DbOrTx, ctx: TeamCtx, input: TestSms, env: SendEnv): Promise<TestSendResult> {
  const c = await campaignOf(db, ctx, input.id);
  const step = await stepOfCampaign(db, ctx, c.id, input.step_id);
  if (step.type !== "sms") throw invalid("step_id", "Test SMS is for SMS steps (or an SMS part of a split step).");
  const template = input.message.trim() === "" ? step.message : input.message;
  if (template.trim() === "") throw invalid("message", "The step has no message to test.");
  const phone = normalizePhone(input.phone);
  if (!phone.ok) throw invalid("phone", phone.message);
  const sender = await testSmsSender(db, ctx, c, env);
  await refuseSuppressed(db, ctx, "sms", phone.e164);
  const values = await testLeadValues(db, ctx, c.id, "sms", phone.e164);
  const base = await linkBase(db, ctx, step, env);
  const body = renderMessage(template, { ...values, link: shortLink(base, newLinkCode()), unsubscribeUrl: "" });
  const length = smsLength(body, { placeholders: false });
  const test: TestRow = {
    channel: "sms",
    to: phone.e164,
    gatewayId: sender.gatewayId,
    sender: sender.from,
    senderKind: sender.senderKind,
    body,
    parts: length.parts,
  };
  const id = await reserve(db, ctx, c, step.id, test);
  const done = await sendAndWait(db, id, test, env, "Test message");
  return {
    message: done.message,
    outcome: done.outcome,
    ...(done.providerId ? { provider_id: done.providerId } : {}),
    body,
    parts: length.parts,
    encoding: length.encoding,
    lead_id: values.leadId,
  };
}

const option = (step: StepRow, key: string): string => {
  const v = step.options[key];
  return typeof v === "string" ? v.trim() : "";
};

/** The From address: the dialog's, else the step's (an address, or a user name at a domain). */
function senderOf(input: TestEmail, step: StepRow): string {
  const user = option(step, "sender_username");
  const domain = option(step, "sender_domain");
  return input.sender?.trim() || option(step, "sender_email") || (user && domain ? `${user}@${domain}` : "") || option(step, "sender");
}

export async function sendTestEmail(db: DbOrTx, ctx: TeamCtx, input: TestEmail, env: SendEnv): Promise<TestSendResult> {
  const c = await campaignOf(db, ctx, input.id);
  const step = await stepOfCampaign(db, ctx, c.id, input.step_id);
  if (c.status !== "draft") throw new AppError("campaign_test_not_draft");
  if (step.type !== "email") throw invalid("step_id", "Test Email is for email steps (or an email part of a split step).");
  const template = input.message.trim() === "" ? step.message : input.message;
  if (template.trim() === "") throw invalid("message", "The step has no message to test.");
  const to = normalizeEmail(input.to_email);
  if (!to.ok) throw invalid("to_email", to.message);
  const rawSender = senderOf(input, step);
  if (!rawSender) throw invalid("sender", "The sender field is required.");
  const from = normalizeEmail(rawSender);
  if (!from.ok) throw invalid("sender", from.message);
  const subjectTemplate = input.subject?.trim() || step.subject?.trim() || "";
  if (!subjectTemplate) throw invalid("subject", "The subject field is required.");
  const sender = await testEmailSender(db, ctx, c, env);
  await refuseSuppressed(db, ctx, "email", to.email);
  const values = await testLeadValues(db, ctx, c.id, "email", to.email);
  const base = await linkBase(db, ctx, step, env);
  // Both links are only rendered: the redirect and unsubscribe services answer for codes the engine stores.
  const filled = { ...values, link: shortLink(base, newLinkCode()), unsubscribeUrl: shortLink(base, newLinkCode()) };
  const subject = renderEmailSubject(subjectTemplate, filled);
  const fromName = emailHeaderText(input.from_name?.trim() || option(step, "from_name"));
  const test: TestRow = {
    channel: "email",
    to: to.email,
    gatewayId: sender.gatewayId,
    sender: from.email,
    senderKind: "number",
    // The step's pre-header with it, as the campaign sends it; no open pixel (a test counts no open).
    body: renderEmailBody({ message: template, options: step.options }, filled, null),
    parts: 1,
    subject,
    ...(fromName ? { fromName } : {}),
    replyTo: c.reply_to,
    unsubscribeUrl: filled.unsubscribeUrl,
  };
  const id = await reserve(db, ctx, c, step.id, test);
  const done = await sendAndWait(db, id, test, env, "Test email");
  return {
    message: done.message,
    outcome: done.outcome,
    ...(done.providerId ? { provider_id: done.providerId } : {}),
    body: subject,
    parts: 1,
    encoding: null,
    lead_id: values.leadId,
  };
}
