import { SaveCampaign, SaveStep } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import {
  applyStatusEventsUntilIdle,
  attachAudience,
  createCampaign,
  createStep,
  reconcileOpenMessages,
  type TeamCtx,
} from "@leadflow/domain";
import { createGateway } from "@leadflow/domain/gateways/gateways.service";
import type { FakeSes, FakeTwilioMessaging } from "@leadflow/domain/providers/fakes/index";
import { inFlight, setStatus, sleep, startedCampaign } from "./dispatch-child-setup";
import { PUBLIC_URL, planDueNow } from "./dispatch-setup";
import { setRate, smsGateway } from "./sending-setup";

/*
 * F15's campaigns and its ending: an SMS campaign through a Twilio gateway and an email campaign through an SES
 * gateway over the same audience, both Active and due now; and the end of the run as the engine's jobs would bring
 * it — reconciliation until nothing more can be learnt, lost sends the provider never had sent again, then "a day
 * later" (the rows still without a final word have their hand-over moved back 25 hours) reconciliation again, which
 * closes what no provider will ever say more about.
 */

const EMAIL_BODY = "<html><body><p>Hi, spring deals: {{link}}</p></body></html>";
/** The fake SES's verified identity (fake-ses.ts FAKE_SES_IDENTITIES). */
const SENDER = "sender@example.com";

export async function chaosCampaigns(
  database: Database,
  ctx: TeamCtx,
  listId: number,
  fakes: { twilio: FakeTwilioMessaging; ses: FakeSes },
  rate: number,
): Promise<{ gateways: { sms: number; email: number }; campaigns: { sms: number; email: number }; due: number }> {
  const sms = await smsGateway(database, ctx, {
    type: "gateway1",
    params: { sys_id: fakes.twilio.accountSid, auth_token: fakes.twilio.authToken },
    rate,
  });
  const email = await createGateway(database.db, ctx, {
    kind: "email",
    type: "aws_ses",
    name: "Bench SES",
    active: true,
    allow_lookup: false,
    is_force: false,
    params: { key: fakes.ses.accessKeyId, secret: fakes.ses.secretAccessKey, region: "us-east-1", configuration_set: "leadflow-events" },
  } as never);
  await setRate(database, email.id, rate);
  const smsCampaign = await startedCampaign(database, ctx, listId, sms.id);
  const c = await createCampaign(
    database.db,
    ctx,
    SaveCampaign.parse({ name: "Bench email", type: "email", sender_type: "gateway", setting_gateway_id: email.id }),
  );
  await createStep(
    database.db,
    ctx,
    c.id,
    SaveStep.parse({
      type: "email",
      name: "Spring mail",
      message: EMAIL_BODY,
      subject: "Spring deals",
      sender_type: "email",
      sender_email: SENDER,
      redirect_to: "https://shop.example.com/spring",
    }),
  );
  await attachAudience(database.db, ctx, c.id, "list", { ids: [listId] });
  await setStatus(database, ctx, c.id, "active");
  const emailDue = await planDueNow(database, c.id);
  return {
    gateways: { sms: sms.id, email: email.id },
    campaigns: { sms: smsCampaign.id, email: c.id },
    due: smsCampaign.due + emailDue,
  };
}

/** Rows of the campaigns still on their way to a provider. */
export async function onTheirWay(database: Database, campaigns: { sms: number; email: number }): Promise<number> {
  return (await inFlight(database, campaigns.sms)) + (await inFlight(database, campaigns.email));
}

export interface Ending {
  /** Reconciliation passes, rows asked about, answered, sent again (the provider never had them) and closed. */
  passes: number;
  asked: number;
  answered: number;
  replanned: number;
  closed: number;
  /** Rows the simulated day moved back. */
  dayMoved: number;
}

const ROUNDS = 8;
/** Longest wait for what reconciliation planned again to be sent. */
const RESEND_TIMEOUT_MS = 120_000;

/**
 * Reconciles until nothing is open: `deliver` runs the callbacks of what was sent meanwhile; the day passes once
 * nothing more is learnt (and again for what was sent after it).
 */
export async function reconcileToTheEnd(
  database: Database,
  campaigns: { sms: number; email: number },
  providerUrls: { twilio: string; ses: string },
  deliver: () => Promise<void>,
): Promise<Ending> {
  const e: Ending = { passes: 0, asked: 0, answered: 0, replanned: 0, closed: 0, dayMoved: 0 };
  const baseUrls = { twilio_api: providerUrls.twilio, twilio_messaging: providerUrls.twilio, aws_ses: providerUrls.ses };
  const open = async () =>
    (
      await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM campaign_messages WHERE campaign_id = ANY($1::int[])
           AND (state IN ('planned', 'claimed', 'submitting', 'unknown', 'accepted') OR (state = 'sent' AND reason IS NULL))`,
        [[campaigns.sms, campaigns.email]],
      )
    ).rows[0]!.n;
  for (let round = 0; round < ROUNDS && (await open()) > 0; round++) {
    const end = Date.now() + RESEND_TIMEOUT_MS;
    while ((await onTheirWay(database, campaigns)) > 0 && Date.now() < end) await sleep(200);
    await deliver();
    const pass = async () => {
      e.passes++;
      const r = await reconcileOpenMessages({ db: database.db, publicUrl: PUBLIC_URL, providerOptions: { baseUrls }, askAfterMs: 0 });
      await applyStatusEventsUntilIdle(database.db);
      e.asked += r.asked;
      e.answered += r.answered;
      e.replanned += r.replanned;
      e.closed += r.closed;
      return r;
    };
    if ((await pass()).replanned > 0) continue;
    // A day later: what still has no final word was handed over 25 hours ago, and was last asked about then.
    const moved = await database.query<{ n: number }>(
      `WITH moved AS (UPDATE campaign_messages SET submitted_at = now() - interval '25 hours', checked_at = now() - interval '25 hours'
         WHERE campaign_id = ANY($1::int[]) AND (state IN ('unknown', 'accepted') OR (state = 'sent' AND reason IS NULL)) RETURNING 1)
       SELECT count(*)::int AS n FROM moved`,
      [[campaigns.sms, campaigns.email]],
    );
    e.dayMoved += moved.rows[0]!.n;
    await pass();
  }
  return e;
}
