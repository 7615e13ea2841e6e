import { type SQL, sql } from "drizzle-orm";
import { CounterBatch, utcDay } from "../campaigns";
import { recordLeadChanges } from "../leads";
import { enrollLeads } from "../sending";
import { bigintArray, type DbOrTx, one, rows, textArray } from "../shared/rows";
import type { GeoInfo } from "./geo";
import type { HitOwner } from "./link-queries";
import type { HitReason } from "./link-rules";

/*
 * A batch of buffered hits written in one transaction (docs/short-links.md): the hits (one multi-row insert,
 * idempotent by hit id, so a flush retried after an unknown commit writes nothing twice) and what the counted ones
 * change — the link's first click, the message's clicked_at / opened_at, the lead's Total Clicks, Last Clicked, its
 * phone's "clicked" and a 'Clicked' timeline entry, the campaign counters, the trigger campaigns.
 *
 * Counters: `clicked` and `opened` count messages (unique: the first counted click or open of a message moves them,
 * so Clicked % is of messages sent); every counted click is a row of message_hits (reason NULL), which the Clicks
 * tab lists and `leads.total_clicks` sums — the total.
 */

export interface Hit extends GeoInfo {
  hitId: string;
  kind: "click" | "open";
  owner: HitOwner;
  code: string | null;
  reason: HitReason | null;
  reasonDetail: string | null;
  clickUrl: string | null;
  redirectUrl: string | null;
  ip: string | null;
  userAgent: string | null;
  referer: string | null;
  at: Date;
}

/** Writes the batch and its effects in one transaction; answers the gateways of trigger rows it planned. */
export async function flushHits(db: DbOrTx, hits: readonly Hit[]): Promise<number[]> {
  if (hits.length === 0) return [];
  return db.transaction(async (tx) => applyHitEffects(tx, await storeHits(tx, hits)));
}

/**
 * The hits alone: one multi-row insert, idempotent by hit id (a flush retried after an unknown commit writes nothing
 * twice). Answers the counted hits it inserted — what applyHitEffects takes.
 */
export async function storeHits(db: DbOrTx, hits: readonly Hit[]): Promise<Hit[]> {
  if (hits.length === 0) return [];
  const inserted = new Set(
    (
      await rows<{ hit_id: string }>(
        db,
        sql`INSERT INTO message_hits (hit_id, kind, team_id, campaign_id, step_id, part_id, message_id, lead_id, code, reason, reason_detail,
              click_url, redirect_url, ip, country, region, city, isp, asname, mobile, proxy, user_agent, referer, created_at)
            SELECT * FROM ${records(hits.map(hitRecord), HIT_COLUMNS)}
            ON CONFLICT (hit_id) DO NOTHING RETURNING hit_id`,
      )
    ).map((r) => r.hit_id),
  );
  return hits.filter((h) => h.reason === null && inserted.has(h.hitId));
}

/**
 * What counted hits change, set-based (one statement per table a batch, each row once): the links' first click, the
 * messages' clicked_at / opened_at and the campaign counters, the leads' engagement, the trigger campaigns. Run it in
 * a transaction; answers the gateways of trigger rows it planned (the caller wakes their dispatchers).
 */
export async function applyHitEffects(tx: DbOrTx, counted: readonly Hit[]): Promise<number[]> {
  if (counted.length === 0) return [];
  const clicks = counted.filter((h) => h.kind === "click");
  const counters = new CounterBatch();
  await firstClicks(tx, clicks);
  for (const [kind, column] of [
    ["click", "clicked"],
    ["open", "opened"],
  ] as const) {
    const firsts = await firstOfMessages(tx, counted, kind);
    for (const h of firsts) counters.add({ ...keyOf(h.owner), day: utcDay(h.at) }, column);
  }
  await counters.write(tx);
  await leadEngagement(tx, clicks);
  return enrolTriggers(tx, counted);
}

/** A stage-2 batch, and the id of the transaction that last tried to apply it (set once its transaction began). */
export interface EffectBatch {
  hits: Hit[];
  xid: string | null;
}

/**
 * Applies a batch's effects at most once, however many times it is retried. A transaction that began records its id
 * on the batch before writing anything, so when its COMMIT's answer is lost (the connection dropped, a timeout) the
 * retry asks PostgreSQL what became of it (`pg_xact_status`) instead of guessing: committed — done, nothing applied
 * again; still in progress — not yet known, the caller tries again later; aborted, or unknown to the server (a
 * failover to a copy that never had it) — applied now, in a new transaction. Answers the gateways of trigger rows it
 * planned, or null when an earlier attempt had committed (those rows' dispatchers pick them up on their own rounds).
 */
export async function applyEffectsOnce(db: DbOrTx, batch: EffectBatch): Promise<number[] | null> {
  if (batch.xid !== null) {
    const status = (await one<{ s: string | null }>(db, sql`SELECT pg_xact_status(${batch.xid}::xid8) AS s`))?.s ?? null;
    if (status === "committed") return null;
    if (status === "in progress") throw new Error(`the last attempt (transaction ${batch.xid}) has not finished yet`);
  }
  return db.transaction(async (tx) => {
    batch.xid = (await one<{ xid: string }>(tx, sql`SELECT pg_current_xact_id()::text AS xid`))!.xid;
    return applyHitEffects(tx, batch.hits);
  });
}

/**
 * A batch's rows as one JSON parameter read back as a record set: a flush of a thousand hits is one parameter, not
 * tens of thousands (building and binding those held the event loop the redirects answer on). The planner guesses a
 * record set's size, so each UPDATE also names its rows' keys as an array (`= ANY`): the table is read by its index,
 * never scanned whole (a million messages in a campaign).
 */
const records = (list: readonly object[], columns: string): SQL =>
  sql`jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS v(${sql.raw(columns)})`;

const HIT_COLUMNS = `hit_id text, kind text, team_id int, campaign_id int, step_id int, part_id int, message_id bigint, lead_id bigint,
  code text, reason text, reason_detail text, click_url text, redirect_url text, ip text, country text, region text, city text, isp text,
  asname text, mobile boolean, proxy boolean, user_agent text, referer text, created_at timestamptz`;

const hitRecord = (h: Hit) => ({
  hit_id: h.hitId,
  kind: h.kind,
  team_id: h.owner.teamId,
  campaign_id: h.owner.campaignId,
  step_id: h.owner.stepId,
  part_id: h.owner.partId,
  message_id: h.owner.messageId,
  lead_id: h.owner.leadId,
  code: h.code,
  reason: h.reason,
  reason_detail: h.reasonDetail,
  click_url: h.clickUrl,
  redirect_url: h.redirectUrl,
  ip: h.ip,
  country: h.country,
  region: h.region,
  city: h.city,
  isp: h.isp,
  asname: h.asname,
  mobile: h.mobile,
  proxy: h.proxy,
  user_agent: h.userAgent,
  referer: h.referer,
  created_at: h.at.toISOString(),
});

const keyOf = (o: HitOwner) => ({ teamId: o.teamId, campaignId: o.campaignId, stepId: o.stepId, partId: o.partId });

/** The earliest hit of each key, in key order (rows locked in one order by every flush: no deadlock). */
function earliestBy<K extends string | number>(hits: readonly Hit[], key: (h: Hit) => K): Hit[] {
  const first = new Map<K, Hit>();
  for (const h of hits) {
    const k = key(h);
    const seen = first.get(k);
    if (!seen || h.at < seen.at) first.set(k, h);
  }
  return [...first.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, h]) => h);
}

async function firstClicks(tx: DbOrTx, clicks: readonly Hit[]): Promise<void> {
  const firsts = earliestBy(
    clicks.filter((h) => h.code),
    (h) => h.code!,
  );
  if (firsts.length === 0) return;
  await tx.execute(
    sql`UPDATE campaign_links l SET first_clicked_at = v.at
        FROM ${records(
          firsts.map((h) => ({ code: h.code, at: h.at.toISOString() })),
          "code text, at timestamptz",
        )}
        WHERE l.code = v.code AND l.code = ANY(${textArray(firsts.map((h) => h.code!))}) AND l.first_clicked_at IS NULL`,
  );
}

/** Sets clicked_at / opened_at where unset; answers the hits that were their message's first. */
async function firstOfMessages(tx: DbOrTx, hits: readonly Hit[], kind: "click" | "open"): Promise<Hit[]> {
  const firsts = earliestBy(
    hits.filter((h) => h.kind === kind),
    (h) => h.owner.messageId,
  );
  if (firsts.length === 0) return [];
  const column = sql.identifier(kind === "click" ? "clicked_at" : "opened_at");
  const set = await rows<{ id: number }>(
    tx,
    sql`UPDATE campaign_messages m SET ${column} = v.at
        FROM ${records(
          firsts.map((h) => ({ id: h.owner.messageId, at: h.at.toISOString() })),
          "id bigint, at timestamptz",
        )}
        WHERE m.id = v.id AND m.id = ANY(${bigintArray(firsts.map((h) => h.owner.messageId))}) AND m.${column} IS NULL
        RETURNING m.id::float8 AS id`,
  );
  const ids = new Set(set.map((r) => r.id));
  return firsts.filter((h) => ids.has(h.owner.messageId));
}

/** Total Clicks, Last Clicked, the phone's "clicked", a 'Clicked' timeline entry each, and the audiences' re-test. */
async function leadEngagement(tx: DbOrTx, clicks: readonly Hit[]): Promise<void> {
  if (clicks.length === 0) return;
  const byLead = new Map<string, { teamId: number; leadId: number; n: number; last: Date }>();
  for (const h of clicks) {
    const k = `${h.owner.teamId}:${h.owner.leadId}`;
    const found = byLead.get(k) ?? { teamId: h.owner.teamId, leadId: h.owner.leadId, n: 0, last: h.at };
    found.n++;
    if (h.at > found.last) found.last = h.at;
    byLead.set(k, found);
  }
  const leads = [...byLead.values()].sort((a, b) => a.teamId - b.teamId || a.leadId - b.leadId);
  await tx.execute(
    sql`UPDATE leads l SET total_clicks = l.total_clicks + v.n, last_clicked_at = GREATEST(l.last_clicked_at, v.at)
        FROM ${records(
          leads.map((x) => ({ team_id: x.teamId, id: x.leadId, n: x.n, at: x.last.toISOString() })),
          "team_id int, id bigint, n int, at timestamptz",
        )}
        WHERE l.team_id = v.team_id AND l.id = v.id AND l.id = ANY(${bigintArray(leads.map((x) => x.leadId))})`,
  );
  const phones = [
    ...new Set(clicks.filter((h) => h.owner.channel === "sms" && h.owner.address).map((h) => `${h.owner.teamId}|${h.owner.address}`)),
  ];
  if (phones.length)
    await tx.execute(
      sql`UPDATE lead_phones p SET clicked = true, updated_at = now()
          FROM ${records(
            phones.sort().map((k) => {
              const [team, phone] = k.split("|");
              return { team_id: Number(team), phone };
            }),
            "team_id int, phone text",
          )}
          WHERE p.team_id = v.team_id AND p.phone = v.phone AND p.phone = ANY(${textArray(phones.map((k) => k.split("|")[1]!))})
            AND NOT p.clicked`,
    );
  await tx.execute(
    sql`INSERT INTO lead_logs (team_id, lead_id, type, action, diff, created_at)
        SELECT v.team_id, v.lead_id, 'campaign', 'click', v.diff, v.at FROM ${records(
          clicks.map((h) => ({
            team_id: h.owner.teamId,
            lead_id: h.owner.leadId,
            at: h.at.toISOString(),
            diff: [
              {
                lead_attribute_name: "Clicked",
                lead_attribute_value: h.clickUrl,
                action: "added",
                value_from: null,
                value_to: h.redirectUrl,
              },
            ],
          })),
          "team_id int, lead_id bigint, at timestamptz, diff jsonb",
        )}`,
  );
  for (const teamId of new Set(leads.map((x) => x.teamId)))
    await recordLeadChanges(tx, teamId, { ids: leads.filter((x) => x.teamId === teamId).map((x) => x.leadId) });
}

/** Counted clicks start the click-trigger and 2FA-view campaigns (each lead at most once per step: enrollLeads). */
async function enrolTriggers(tx: DbOrTx, counted: readonly Hit[]): Promise<number[]> {
  const leadsOf = new Map<string, { teamId: number; campaignId: number; leads: Set<number> }>();
  for (const h of counted) {
    if (h.kind !== "click") continue;
    for (const campaignId of [h.owner.clickTriggerCampaignId, h.owner.twoFaCampaignId]) {
      if (!campaignId || campaignId === h.owner.campaignId) continue;
      const k = `${h.owner.teamId}:${campaignId}`;
      const found = leadsOf.get(k) ?? { teamId: h.owner.teamId, campaignId, leads: new Set<number>() };
      found.leads.add(h.owner.leadId);
      leadsOf.set(k, found);
    }
  }
  const gateways = new Set<number>();
  for (const t of [...leadsOf.values()].sort((a, b) => a.campaignId - b.campaignId)) {
    const enrolled = await enrollLeads(tx, t.teamId, t.campaignId, [...t.leads]);
    for (const g of enrolled.gatewayIds) gateways.add(g);
  }
  return [...gateways];
}
