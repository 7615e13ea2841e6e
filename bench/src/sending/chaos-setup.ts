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
import { inFlight, ONE_PART, setStatus, sleep } from "./dispatch-child-setup";
import { PUBLIC_URL, planDueNow } from "./dispatch-setup";
import { setRate, smsGateway } from "./sending-setup";

/*
 * F15's campaigns and its ending: an SMS campaign of two steps through a Twilio gateway — step 1 with a welcome
 * message, step 2 without delay, planned for a lead by whatever records that a provider took its step 1 — and an email
 * campaign of one step through an SES gateway, over the same audience, both Active and due now; and the end of the
 * run as the engine's jobs would bring it — reconciliation until nothing more can be learnt, lost sends the provider
 * never had sent again, then "a day later" (the rows still without a final word have their hand-over moved back 25
 * hours) reconciliation again, which closes what no provider will ever say more about.
 *
 * Windows that never close, whatever the hour of the run (as planDueNow does for the rows planned at the start, and
 * lane-welcomes.test.ts for welcomes): the rows planned at the start are due now with no window's end, and their
 * recipients are placed where it is daytime now (a welcome keeps its step's zone and state); rows planned later (step
 * 2) get the same from a trigger of this run's database, as if their recipients' windows were open.
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
): Promise<{
  gateways: { sms: number; email: number };
  campaigns: { sms: number; email: number };
  /** The SMS campaign's steps. */
  steps: [number, number];
  /** Rows due at the start, and the ledger rows the campaigns will have (step 2 planned as step 1 is taken). */
  due: number;
  expected: number;
}> {
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
  await setRate(database, sms.id, rate * SMS_PER_LEAD);
  await openWindowsOfLaterRows(database);
  const smsCampaign = await twoStepCampaign(database, ctx, listId, sms.id);
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
    steps: smsCampaign.steps,
    due: smsCampaign.due + emailDue,
    // Step 2 follows each lead's step 1.
    expected: 2 * smsCampaign.due + emailDue,
  };
}

/** Messages the SMS gateway sends per lead (step 1, its welcome, step 2): its rate is this times the email's. */
export const SMS_PER_LEAD = 3;
const WELCOME = "Welcome {{last_4_digits}}! You will hear from us about spring deals. Reply STOP to opt out";
const STEP_2 = "Last call {{last_4_digits}}: spring deals end soon {{link}} Reply STOP to opt out";

/**
 * The SMS campaign: step 1 (one part, a short link) with a welcome message, step 2 without delay; Active, step 1
 * planned and due now, its recipients where it is daytime. Answers the campaign, its steps and step 1's due rows.
 */
async function twoStepCampaign(
  database: Database,
  ctx: TeamCtx,
  listId: number,
  gatewayId: number,
): Promise<{ id: number; steps: [number, number]; due: number }> {
  const db = database.db;
  const c = await createCampaign(
    db,
    ctx,
    SaveCampaign.parse({ name: "Bench SMS", type: "sms", sender_type: "gateway", setting_gateway_id: gatewayId }),
  );
  const first = (await createStep(
    db,
    ctx,
    c.id,
    SaveStep.parse({
      type: "sms",
      name: "Spring",
      message: ONE_PART,
      redirect_to: "https://shop.example.com/spring",
      need_send_welcome_message: true,
      welcome_message_text: WELCOME,
    }),
  )) as { id: number };
  const second = (await createStep(
    db,
    ctx,
    c.id,
    SaveStep.parse({ type: "sms", name: "Last call", message: STEP_2, redirect_to: "https://shop.example.com/spring", delay: 0 }),
  )) as { id: number };
  await attachAudience(db, ctx, c.id, "list", { ids: [listId] });
  await setStatus(database, ctx, c.id, "active");
  const due = await planDueNow(database, c.id);
  await database.query("UPDATE campaign_messages SET time_zone = $2, us_state = 'NY' WHERE campaign_id = $1", [c.id, daytimeZone()]);
  return { id: c.id, steps: [first.id, second.id], due };
}

/** Rows planned after the start (next steps) are due at once, their window never closing: a trigger of this database. */
async function openWindowsOfLaterRows(database: Database): Promise<void> {
  await database.query(
    `CREATE FUNCTION bench_open_window() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN NEW.due_at := least(NEW.due_at, now()); NEW.not_after := 'infinity'; RETURN NEW; END $$`,
  );
  await database.query(
    "CREATE TRIGGER bench_open_window BEFORE INSERT ON campaign_messages FOR EACH ROW EXECUTE FUNCTION bench_open_window()",
  );
}

/** A zone where the local hour is between 10 and 18 now (zones a few hours apart around the world). */
function daytimeZone(): string {
  const zones = [
    "Pacific/Kiritimati",
    "Pacific/Auckland",
    "Asia/Tokyo",
    "Asia/Bangkok",
    "Asia/Kolkata",
    "Asia/Dubai",
    "Europe/Berlin",
    "Europe/London",
    "America/Sao_Paulo",
    "America/New_York",
    "America/Chicago",
    "America/Los_Angeles",
    "Pacific/Honolulu",
  ];
  const hour = (zone: string) =>
    Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
  return zones.find((z) => hour(z) >= 10 && hour(z) < 18)!;
}

/** Rows of the campaigns a provider was handed (or that ended before): neither planned, claimed nor submitting. */
export async function handedOver(database: Database, campaigns: { sms: number; email: number }): Promise<number> {
  const { rows } = await database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM campaign_messages WHERE campaign_id = ANY($1::int[]) AND state NOT IN ('planned', 'claimed', 'submitting')",
    [[campaigns.sms, campaigns.email]],
  );
  return rows[0]!.n;
}

/** Welcome messages of the campaign by state. */
export async function welcomeStates(database: Database, campaignId: number): Promise<Record<string, number>> {
  const { rows } = await database.query<{ state: string; n: number }>(
    "SELECT state, count(*)::int AS n FROM welcome_messages WHERE campaign_id = $1 GROUP BY state",
    [campaignId],
  );
  return Object.fromEntries(rows.map((r) => [r.state, r.n]));
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
