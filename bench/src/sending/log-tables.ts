import { performance } from "node:perf_hooks";
import type { CampaignLogKind, CampaignLogQuery } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { campaignLogPage } from "@leadflow/domain";
import { type BenchOptions, benchCommand, sizeLabel } from "../options";
import { median, percentile, record } from "../report";
import { backendName, withFreshDatabase } from "../shared/fresh-database";
import { activeCampaign, seedAudience, smsGateway } from "./sending-setup";

const ITERATIONS = 20;
const WARMUP = 3;
const GOAL_MS = 100;

/**
 * C1: a campaign's log tabs at `rows` messages in one campaign. The ledger is written straight in SQL as a campaign
 * half-way through sending leaves it — 70% handed to the provider (sent, delivered, failed), 15% still queued, 15%
 * skipped or cancelled — with a counted click for a fifth of the messages, a flagged redirect for every twentieth,
 * and a reply and a welcome message for every hundredth. Ours is the domain call behind each tab's GET (one page
 * with its total); the baseline is the same page written by hand on the same index, with the campaign read first and
 * the same capped count, run one after the other as ours runs them. Each tab is measured on its
 * first page and on page 50 (offset by the page size × 49), p50/p95 of 20 runs after 3 warm-ups.
 */
export async function logTablesBench(options: BenchOptions): Promise<void> {
  await withFreshDatabase(async (database) => {
    const t0 = performance.now();
    const s = await seedAudience(database, options.rows);
    const gw = await smsGateway(database, s.ctx, { type: "sandbox" });
    const c = await activeCampaign(database, s.ctx, s.listId, gw.id);
    await seedLedger(database, s.ctx.teamId, c.id, c.stepId, gw.id);
    console.log(`  C1 seeded ${sizeLabel(options.rows)} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (const tab of TABS) {
      for (const page of [1, 50]) {
        const q: CampaignLogQuery = { page };
        const ours: number[] = [];
        const base: number[] = [];
        let total = 0;
        let estimate = false;
        for (let i = 0; i < WARMUP + ITERATIONS; i++) {
          const a = await timed(async () => {
            ({ total, total_is_estimate: estimate } = (await campaignLogPage(database.db, s.ctx, c.id, tab.kind, q)).meta);
          });
          const b = await timed(() => tab.hand(database, c.id, page));
          if (i >= WARMUP) {
            ours.push(a);
            base.push(b);
          }
        }
        const [o50, o95, b50, b95] = [median(ours), percentile(ours, 95), median(base), percentile(base, 95)];
        record({
          id: `C1 ${tab.kind} p${page}`,
          size: sizeLabel(options.rows),
          what: `Campaign ${tab.label}, page ${page} of ${estimate ? "about " : ""}${total.toLocaleString("en")} rows${estimate ? " (the planner's estimate past 10,000)" : ""}, ${sizeLabel(options.rows)} messages in the campaign (p50/p95 of ${ITERATIONS})`,
          backend: backendName(),
          ours: `p50 ${ms(o50)}, p95 ${ms(o95)}`,
          baseline: `p50 ${ms(b50)}, p95 ${ms(b95)} hand-written page`,
          ratio: `${(o50 / b50).toFixed(2)}× — ${o95 < GOAL_MS ? "meets the goal" : `misses: p95 < ${GOAL_MS} ms`}`,
          goal: `p95 < ${GOAL_MS} ms at 1M messages`,
          command: benchCommand("C1", ["--rows", sizeLabel(options.rows)]),
          figures: { rows: options.rows, total, ours, baseline: base },
        });
      }
    }
  });
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** The ledger of one campaign over every seeded lead, its hits, replies and welcome messages; then ANALYZE. */
async function seedLedger(database: Database, teamId: number, campaignId: number, stepId: number, gatewayId: number): Promise<void> {
  // By lead id mod 20: 0–13 handed over (10 delivered, 2 sent, 2 failed), 14–16 queued, 17–18 skipped, 19 cancelled.
  await database.query(
    `INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, reason, gateway_id,
       sender, sender_kind, due_at, not_after, body, parts, cost, provider_id, error_code, submitted_at, sent_at, delivered_at,
       created_at, updated_at)
     SELECT $1, $2, $3, $3, p.lead_id, 'sms', p.phone,
       CASE WHEN m < 10 THEN 'delivered' WHEN m < 12 THEN 'sent' WHEN m < 14 THEN 'failed' WHEN m < 17 THEN 'planned'
            WHEN m < 19 THEN 'skipped' ELSE 'cancelled' END,
       CASE WHEN m IN (17, 18) THEN 'cool_off_period' WHEN m = 19 THEN 'opted_out' END,
       $4, '+12015550101', 'number', at + interval '1 hour' * (m BETWEEN 14 AND 16)::int, at + interval '5 hours',
       'Hi ' || right(p.phone, 4) || ', spring deals: https://lf.example/abcdefghij Reply STOP to opt out', 1,
       CASE WHEN m < 14 THEN 0.0079 END, CASE WHEN m < 14 THEN 'SM' || md5(p.lead_id::text) END,
       CASE WHEN m IN (12, 13) THEN '30003' END,
       CASE WHEN m < 14 THEN at END, CASE WHEN m < 12 THEN at + interval '1 second' END,
       CASE WHEN m < 10 THEN at + interval '4 seconds' END, at, at + interval '5 seconds'
     FROM (SELECT lead_id, phone, (lead_id % 20)::int AS m,
                  now() - interval '2 hours' + (row_number() OVER (ORDER BY lead_id)) * interval '5 milliseconds' AS at
           FROM lead_phones WHERE team_id = $1) p`,
    [teamId, campaignId, stepId, gatewayId],
  );
  const hit = (kind: string, reason: string | null, every: number) =>
    database.query(
      `INSERT INTO message_hits (hit_id, kind, team_id, campaign_id, step_id, part_id, message_id, lead_id, code, reason,
         click_url, redirect_url, ip, country, region, city, isp, asname, mobile, proxy, user_agent, referer, created_at)
       SELECT md5($5 || m.id), $2, m.team_id, m.campaign_id, m.step_id, m.part_id, m.id, m.lead_id, 'abcdefghij', $3,
         'https://lf.example/abcdefghij', 'https://shop.example.com/spring', '172.58.' || (m.id % 250) || '.' || (m.id % 200),
         'US', 'Georgia', 'Atlanta', 'T-Mobile USA', 'T-MOBILE-AS21928', true, false,
         'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', NULL, m.sent_at + interval '3 minutes'
       FROM campaign_messages m WHERE m.campaign_id = $1 AND m.state IN ('delivered', 'sent') AND m.id % $4 = 0 ORDER BY m.id`,
      [campaignId, kind, reason, every, `${kind}${reason ?? ""}`],
    );
  await hit("click", null, 5);
  await hit("click", "preview", 20);
  await database.query(
    `INSERT INTO inbound_messages (team_id, gateway_id, event_id, from_number, to_number, body, lead_id, campaign_id, step_id,
       part_id, message_id, intent, answer_message, created_at, updated_at)
     SELECT m.team_id, m.gateway_id, 'in-' || m.id, m.address, m.sender, 'Yes please', m.lead_id, m.campaign_id, m.step_id,
       m.part_id, m.id, 'none', NULL, m.sent_at + interval '10 minutes', m.sent_at + interval '10 minutes'
     FROM campaign_messages m WHERE m.campaign_id = $1 AND m.state = 'delivered' AND m.id % 100 = 0`,
    [campaignId],
  );
  await database.query(
    `INSERT INTO welcome_messages (team_id, campaign_id, step_id, lead_id, gateway_id, to_number, short_code, message, state,
       sent_at, created_at, updated_at)
     SELECT m.team_id, m.campaign_id, m.step_id, m.lead_id, m.gateway_id, m.address, m.sender, 'Welcome! Reply HELP for help.',
       'accepted', m.sent_at + interval '1 minute', m.sent_at, m.sent_at + interval '1 minute'
     FROM campaign_messages m WHERE m.campaign_id = $1 AND m.state = 'delivered' AND m.id % 100 = 1`,
    [campaignId],
  );
  await database.query("ANALYZE");
}

/** What ours reads first: the campaign, the team's (another team's is a 404). */
const campaignRow = (database: Database, campaignId: number) =>
  database.query("SELECT * FROM campaigns WHERE id = $1 AND deleted_at IS NULL", [campaignId]);

const SENT_STATES = "'unknown','accepted','sent','delivered','failed','blocked','inactive','bounced','complained','rejected','submitting'";
const LEDGER_COLUMNS = `m.id, m.lead_id, m.channel, m.state, m.reason, m.sender, m.address, m.body, m.subject, m.cost, m.provider_id,
  m.error_code, m.error_message, m.due_at, m.not_after, m.submitted_at, m.sent_at, m.delivered_at, m.opened_at, m.clicked_at, m.updated_at`;

/** A hand-written ledger page: the page's ids on the index, then their rows with step, gateway and carrier. */
function handLedger(where: string, order: string, limit: number) {
  return async (database: Database, campaignId: number, page: number) => {
    await campaignRow(database, campaignId);
    await database.query(`SELECT count(*) FROM (SELECT 1 FROM campaign_messages m WHERE m.campaign_id = $1 AND ${where} LIMIT 10001) x`, [
      campaignId,
    ]);
    await database.query(
      `SELECT ${LEDGER_COLUMNS}, s.name, s.status, g.name, lp.carrier_name
       FROM (SELECT * FROM campaign_messages m WHERE m.campaign_id = $1 AND ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}) m
       LEFT JOIN campaign_steps s ON s.id = m.part_id LEFT JOIN gateways g ON g.id = m.gateway_id
       LEFT JOIN lead_phones lp ON lp.team_id = m.team_id AND lp.phone = m.address
       ORDER BY ${order}`,
      [campaignId],
    );
  };
}

function handTable(table: string, where: string, order: string, limit: number) {
  return async (database: Database, campaignId: number, page: number) => {
    await campaignRow(database, campaignId);
    await database.query(`SELECT count(*) FROM (SELECT 1 FROM ${table} WHERE campaign_id = $1 AND ${where} LIMIT 10001) x`, [campaignId]);
    await database.query(
      `SELECT * FROM ${table} WHERE campaign_id = $1 AND ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      [campaignId],
    );
  };
}

const TABS: { kind: CampaignLogKind; label: string; hand: (database: Database, campaignId: number, page: number) => Promise<void> }[] = [
  {
    kind: "message-logs",
    label: "Message Logs",
    hand: handLedger(`m.submitted_at IS NOT NULL AND m.state IN (${SENT_STATES})`, "m.submitted_at DESC, m.id DESC", 100),
  },
  { kind: "queued-logs", label: "Queued Logs", hand: handLedger("m.state IN ('planned','claimed')", "m.due_at, m.id", 100) },
  {
    kind: "skipped-logs",
    label: "Skipped Logs",
    hand: handLedger("m.state IN ('skipped','cancelled')", "m.updated_at DESC, m.id DESC", 100),
  },
  { kind: "clicks", label: "Clicks", hand: handTable("message_hits", "kind = 'click' AND reason IS NULL", "id DESC", 20) },
  { kind: "redirect-logs", label: "Redirects", hand: handTable("message_hits", "kind = 'click' AND reason IS NOT NULL", "id DESC", 20) },
  { kind: "incoming-messages", label: "Incoming Messages", hand: handTable("inbound_messages", "true", "updated_at DESC, id DESC", 15) },
  { kind: "welcome-messages", label: "Welcome Messages", hand: handTable("welcome_messages", "true", "updated_at DESC, id DESC", 15) },
];
