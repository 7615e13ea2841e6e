import { CampaignLimits, smsLength, type TestEmail, type TestSendResult, type TestSms } from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { normalizeEmail, normalizePhone } from "../contacts";
import type { SendOutcome } from "../providers";
import type { TeamCtx } from "../shared/context";
import { AppError } from "../shared/errors";
import { type DbOrTx, one } from "../shared/rows";
import { type CampaignRecord, campaignOf } from "./campaign-rows";
import { newLinkCode, shortLink } from "./link-code";
import { renderMessage } from "./render-message";
import { type SendEnv, testEmailSender, testSmsSender } from "./test-send-sender";
import { testLeadValues } from "./test-send-values";

/*
 * Test SMS / Test Email (issue 15 §3): the step's message rendered for a lead of the audience and sent for real
 * through the campaign's sender. A test is a row in `campaign_test_sends`, never a ledger row or a counter, so it
 * never shows in the campaign's figures. The row is committed before the provider is called (the send protocol's
 * commit point, CAMPAIGNS.md §3), so concurrent tests cannot pass the daily limit together.
 */

export type { SendEnv } from "./test-send-sender";

/** A person waits for the alert: the provider gets this long to answer. */
const SEND_TIMEOUT_MS = 20_000;

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

/** Reserves a test under the campaign's row lock: the SMS limit counts the last 24 hours' tests. */
async function reserve(db: DbOrTx, ctx: TeamCtx, c: CampaignRecord, stepId: number, channel: "sms" | "email", to: string) {
  return db.transaction(async (tx) => {
    await campaignOf(tx, ctx, c.id, true);
    if (channel === "sms") {
      const sent = await one<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM campaign_test_sends
            WHERE campaign_id = ${c.id} AND channel = 'sms' AND created_at > now() - interval '1 day'`,
      );
      if ((sent?.n ?? 0) >= CampaignLimits.testSmsPerDay) throw new AppError("campaign_test_limit");
    }
    const row = await one<{ id: number }>(
      tx,
      sql`INSERT INTO campaign_test_sends (team_id, campaign_id, step_id, channel, recipient)
          VALUES (${ctx.teamId}, ${c.id}, ${stepId}, ${channel}, ${to}) RETURNING id`,
    );
    return row!.id;
  });
}

/** The adapter's outcome, as the alert says it; a throw (network, timeout) is `unknown`: it may have been taken. */
async function attempt(send: (signal: AbortSignal) => Promise<SendOutcome>): Promise<SendOutcome> {
  const signal = AbortSignal.timeout(SEND_TIMEOUT_MS);
  try {
    return await send(signal);
  } catch (e) {
    if (signal.aborted) return { kind: "unknown", message: `The provider did not answer within ${SEND_TIMEOUT_MS / 1000} seconds.` };
    return { kind: "unknown", message: e instanceof Error && e.message ? e.message : "The provider could not be reached." };
  }
}

function words(o: SendOutcome, what: string, to: string): string {
  const detail = o.kind === "accepted" ? "" : o.message.replace(/\.?$/, ".");
  switch (o.kind) {
    case "accepted":
      return `${what} sent to ${to}.`;
    case "rejected":
      return `${what} was not sent: ${detail}`;
    case "throttled":
      return `${what} was not sent, the provider is busy; try again in a minute. ${detail}`;
    case "unknown":
      return `${what} may not have been sent: ${detail}`;
  }
}

/** Records the answer on the row; a throttled test was proven not taken, so it does not use up the limit. */
async function settle(db: DbOrTx, rowId: number, o: SendOutcome, message: string): Promise<void> {
  if (o.kind === "throttled") await db.execute(sql`DELETE FROM campaign_test_sends WHERE id = ${rowId}`);
  else await db.execute(sql`UPDATE campaign_test_sends SET result = ${message} WHERE id = ${rowId}`);
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
  const values = await testLeadValues(db, ctx, c.id, "sms", phone.e164);
  const base = await linkBase(db, ctx, step, env);
  const body = renderMessage(template, { ...values, link: shortLink(base, newLinkCode()), unsubscribeUrl: "" });
  const length = smsLength(body, { placeholders: false });

  const rowId = await reserve(db, ctx, c, step.id, "sms", phone.e164);
  const messageId = `test-sms-${rowId}`;
  const outcome = await attempt((signal) =>
    sender.adapter.send(
      { messageId, idempotencyKey: messageId, to: phone.e164, from: sender.from, senderKind: sender.senderKind, body },
      signal,
    ),
  );
  const message = words(outcome, "Test message", phone.e164);
  await settle(db, rowId, outcome, message);
  return {
    message,
    outcome: outcome.kind,
    ...(outcome.kind === "accepted" ? { provider_id: outcome.providerId } : {}),
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
  const adapter = await testEmailSender(db, ctx, c, env);
  const values = await testLeadValues(db, ctx, c.id, "email", to.email);
  const base = await linkBase(db, ctx, step, env);
  // Both links are only rendered: the redirect and unsubscribe services answer for codes the engine stores.
  const filled = { ...values, link: shortLink(base, newLinkCode()), unsubscribeUrl: shortLink(base, newLinkCode()) };
  const html = renderMessage(template, filled);
  const subject = renderMessage(subjectTemplate, filled);

  const rowId = await reserve(db, ctx, c, step.id, "email", to.email);
  const messageId = `test-email-${rowId}`;
  const fromName = input.from_name?.trim() || option(step, "from_name");
  const outcome = await attempt((signal) =>
    adapter.send(
      {
        messageId,
        idempotencyKey: messageId,
        to: to.email,
        from: from.email,
        ...(fromName ? { fromName } : {}),
        ...(c.reply_to ? { replyTo: c.reply_to } : {}),
        subject,
        html,
        tags: { campaign_id: String(c.id), step_id: String(step.id), test: "1" },
        unsubscribeUrl: filled.unsubscribeUrl,
      },
      signal,
    ),
  );
  const message = words(outcome, "Test email", to.email);
  await settle(db, rowId, outcome, message);
  return {
    message,
    outcome: outcome.kind,
    ...(outcome.kind === "accepted" ? { provider_id: outcome.providerId } : {}),
    body: subject,
    parts: 1,
    encoding: null,
    lead_id: values.leadId,
  };
}
