import { CampaignChannel, EmailStatuses, PhoneStatuses } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type CampaignRecord, CounterBatch, utcDay } from "../../campaigns";
import { campaignAudienceSql } from "../../leads";
import { bigintArray, type DbOrTx, intArray, one, rows, textArray } from "../../shared/rows";
import { resolveRecipientCountry } from "../gate/window/recipient-country";
import { areaCodeOf, resolveRecipientZone } from "../gate/window/recipient-zone";
import { rowWindow } from "../gate/window/window-of";
import { areaCodePlace } from "../gate/window/zones/zone-places";
import { type CampaignSenders, campaignSenders, carrierGroupsOf, weightedSlots } from "./senders";

/*
 * Planning (docs/sending.md): the audience becomes ledger rows in one INSERT … SELECT, ON CONFLICT DO NOTHING
 * on (campaign, step, lead) — planning twice plans nothing twice. Each row gets its address, the split part the lead
 * draws (a hash of campaign, step and lead), its sender (a hash of the lead: sticky), and — resolved once per distinct
 * place of the audience rather than per row, then joined in — a route's carrier-group sender, where the recipient is
 * and the quiet-hours window: `due_at` the first allowed instant, `not_after` before it closes. Each row is written
 * once, complete (a later UPDATE of every row would cost as much as the insert again). A first slice goes out at once,
 * then the rest slice by slice, each in its own transaction: no row is ever visible half-planned.
 */

export type PlannedCampaign = CampaignRecord & { team_id: number };

export interface PlannedStep {
  id: number;
  type: "sms" | "email" | "split";
  delay: number;
  delay_time_period: "min" | "hours" | "days";
  /** A split's parts, in order. */
  parts: number[];
}

const DELAY_MS = { min: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
export const stepDelayMs = (s: Pick<PlannedStep, "delay" | "delay_time_period">) => s.delay * DELAY_MS[s.delay_time_period];

/** 0 … n-1 from a text key, evenly: hashtext is signed 32-bit. */
const bucket = (key: SQL, n: number | SQL) => sql`mod(hashtext(${key})::bigint + 2147483648, ${n})`;

export async function loadPlannedCampaign(db: DbOrTx, campaignId: number): Promise<PlannedCampaign | undefined> {
  return one<PlannedCampaign>(db, sql`SELECT * FROM campaigns WHERE id = ${campaignId} AND deleted_at IS NULL`);
}

export async function firstStep(db: DbOrTx, campaignId: number): Promise<PlannedStep | undefined> {
  const steps = await rows<PlannedStep & { parent_step_id: number | null }>(
    db,
    sql`SELECT s.id, s.type, s.delay, s.delay_time_period, s.parent_step_id,
          coalesce((SELECT array_agg(p.id ORDER BY p.position, p.id) FROM campaign_steps p WHERE p.parent_step_id = s.id), '{}') AS parts
        FROM campaign_steps s WHERE s.campaign_id = ${campaignId} AND s.parent_step_id IS NULL
        ORDER BY s.position, s.id LIMIT 1`,
  );
  return steps[0];
}

/** Leads in the first slice of an audience: planned and committed before the rest, so sending starts at once. */
export const FIRST_SLICE = 2_000;
/**
 * The team's leads per later slice on the embedded database: each slice is its own transaction, so the dispatchers
 * (and a Pause) sharing its one connection never wait long.
 */
export const PLAN_SLICE = 20_000;
/**
 * On a PostgreSQL server: slices big enough that their fixed cost (a temporary table, the place read) stays small,
 * and small enough that the campaign page's "Planning… N of M" moves several times a minute.
 */
export const SERVER_PLAN_SLICE = 100_000;

/** How the rest of an audience is planned after its first slice, by the database the job runs on. */
export const planSliceOf = (kind: "pglite" | "postgres"): number => (kind === "pglite" ? PLAN_SLICE : SERVER_PLAN_SLICE);

/**
 * Slices planned at once: one per connection — a server's insert is bound by one core's work (the rows' values, the
 * ledger's indexes), so two slices on two connections plan nearly twice as fast; the embedded database has one.
 */
export const planParallelOf = (kind: "pglite" | "postgres"): number => (kind === "pglite" ? 1 : 2);

/** Counts of a planning: rows planned to be sent, and rows skipped at once (no address of the channel). */
export interface Planned {
  planned: number;
  skipped: number;
}

/** Lead ids in (after, upTo]; upTo null: no end. */
export interface LeadIdRange {
  after: number;
  upTo: number | null;
}

type Slice = { first: number } | { leadIds: LeadIdRange };

/**
 * The size of campaign `c`'s audience as its lists', sources' and segments' maintained counters sum it (a lead in two
 * of them counts twice): not the audience's count, but it changes whenever a lead joins or leaves — what the tick
 * compares with `campaigns.audience_seen` to plan joining leads.
 */
export const audienceSizeOf = (campaign: SQL) => sql`(
  SELECT coalesce(sum(CASE a.kind WHEN 'list' THEN li.total_leads WHEN 'source' THEN so.total_leads ELSE sg.total_leads END), 0)::float8
  FROM campaign_audiences a
  LEFT JOIN lists li ON a.kind = 'list' AND li.team_id = a.team_id AND li.id = a.ref_id
  LEFT JOIN sources so ON a.kind = 'source' AND so.team_id = a.team_id AND so.id = a.ref_id
  LEFT JOIN segments sg ON a.kind = 'segment' AND sg.team_id = a.team_id AND sg.id = a.ref_id
  WHERE a.campaign_id = ${campaign})`;

/**
 * Plans the campaign's first step for a first slice of its audience and marks it as still planning
 * (`planning_since`): the dispatchers can start on the slice while `planFirstStep` plans the rest, and the campaign
 * cannot complete in between. A campaign planned already plans nothing more.
 */
export async function planFirstSlice(db: DbOrTx, campaignId: number, now = new Date(), size = FIRST_SLICE): Promise<Planned> {
  return planAudience(db, campaignId, now, { first: size }, "start");
}

export interface PlanRestOptions {
  /** The team's lead ids per slice (each its own transaction). */
  slice?: number;
  /** Slices planned at once, each on its own connection: more than 1 only with a pool, never inside a transaction. */
  parallel?: number;
  /** After each committed slice (the campaign's figures moved: the job publishes them). */
  onSlice?: () => Promise<void> | void;
}

/**
 * Plans the campaign's first step for every lead of its audience, slice by slice of the team's lead ids (each its own
 * transaction, `parallel` at a time, recording how far the slices committed so far reach without a gap), and ends its
 * planning once all have committed. A planning that stopped part way resumes after that mark (slices committed beyond
 * a gap are read again; the ledger's key plans no one twice). Answers how many rows were planned (leads already
 * planned are left as they are). `now`: the clock, for tests; a number: the slice size.
 */
export async function planFirstStep(
  db: DbOrTx,
  campaignId: number,
  now = new Date(),
  options: number | PlanRestOptions = {},
): Promise<Planned> {
  const { slice = PLAN_SLICE, parallel = 1, onSlice } = typeof options === "number" ? { slice: options } : options;
  const c = await loadPlannedCampaign(db, campaignId);
  if (!c) return { planned: 0, skipped: 0 };
  // Read before planning: leads joining meanwhile change the sum again, and the tick plans them next.
  const seen = (await one<{ n: number }>(db, sql`SELECT ${audienceSizeOf(sql`${campaignId}::int`)} AS n`))?.n ?? 0;
  const mark = await one<{ through: number | null }>(
    db,
    sql`SELECT planned_through::float8 AS through FROM campaigns WHERE id = ${campaignId}`,
  );
  const ranges = await sliceRanges(db, c.team_id, mark?.through ?? 0, slice);
  const total: Planned = { planned: 0, skipped: 0 };
  const committed = new Set<number>();
  // The last lead id every slice up to it covers, counting slice `i` as committed: what a resumed planning skips.
  const reach = (i: number) => {
    let k = -1;
    while (k + 1 < ranges.length && (committed.has(k + 1) || k + 1 === i)) k++;
    return k < 0 ? null : ranges[k]!.upTo;
  };
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < ranges.length) {
      const i = next++;
      const done = await planAudience(db, campaignId, now, { leadIds: ranges[i]! }, { through: () => reach(i) });
      committed.add(i);
      total.planned += done.planned;
      total.skipped += done.skipped;
      await onSlice?.();
      // The embedded database has one connection: a pause lets the queries queued behind this slice (a dispatcher's
      // claim and sends, a Pause) through before the next one takes it.
      if (parallel <= 1 && next < ranges.length) await new Promise((r) => setTimeout(r, SLICE_PAUSE_MS));
    }
  };
  const runs = await Promise.allSettled(
    Array.from({ length: Math.max(1, Math.min(parallel, ranges.length)) }, () =>
      worker().catch((e) => {
        failed = true;
        throw e;
      }),
    ),
  );
  const error = runs.find((r) => r.status === "rejected");
  if (error) throw (error as PromiseRejectedResult).reason;
  await db.execute(
    sql`UPDATE campaigns SET planning_since = NULL, planned_through = NULL, audience_seen = ${seen} WHERE id = ${campaignId}`,
  );
  return total;
}

const SLICE_PAUSE_MS = 150;

/**
 * The team's lead ids after `after` cut into ranges of `slice` leads, the last open-ended (leads created meanwhile
 * fall in it): one read of the team's ids for every bound.
 */
async function sliceRanges(db: DbOrTx, teamId: number, after: number, slice: number): Promise<LeadIdRange[]> {
  const bounds = Number.isFinite(slice)
    ? await rows<{ id: number }>(
        db,
        sql`SELECT id::float8 AS id FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM leads
              WHERE team_id = ${teamId} AND id > ${after}) s
            WHERE n % ${Math.max(1, Math.floor(slice))} = 0 ORDER BY id`,
      )
    : [];
  const ends = [...bounds.map((b) => b.id), null];
  return ends.map((upTo, i) => ({ after: i === 0 ? after : bounds[i - 1]!.id, upTo }));
}

/**
 * One slice in one transaction; `mark`: the planning starts (first slice), goes on (a slice of lead ids: the last it
 * holds) or ends (last: the audience size it saw).
 */
async function planAudience(
  db: DbOrTx,
  campaignId: number,
  now: Date,
  slice: Slice,
  mark: "start" | { through: () => number | null },
): Promise<Planned> {
  return db.transaction(async (tx) => {
    const c = await loadPlannedCampaign(tx, campaignId);
    const step = c && (await firstStep(tx, campaignId));
    if (!c || !step) return { planned: 0, skipped: 0 };
    // A big audience's two statements are costed far above the server's JIT threshold, and compiling them takes
    // longer than running them (a second each, spent before the first row); their hash joins and sorts also get
    // the memory to stay off disk.
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    const start = Math.max(now.getTime(), c.started_at ? Date.parse(c.started_at) : 0);
    // The whole audience is the range of every lead id: its leads' addresses are read in one pass too.
    const range = "leadIds" in slice ? slice.leadIds : undefined;
    const audience = campaignAudienceSql(c.team_id, c.id, slice);
    const planned = await planStep(tx, c, step, audience, start + stepDelayMs(step), range);
    // Last, so the campaign's row is locked for a moment only (a Pause never waits for a planning).
    if (mark === "start") await tx.execute(sql`UPDATE campaigns SET planning_since = now() WHERE id = ${campaignId}`);
    // Each slice renews `planning_since` too: a planning is stale (its job lost) when no slice has committed for a
    // while. The mark only grows: a slice committing after a later one may know less of what committed before it.
    if (typeof mark === "object") {
      const through = mark.through();
      const grown = through === null ? sql`` : sql`, planned_through = greatest(coalesce(planned_through, 0), ${through})`;
      await tx.execute(sql`UPDATE campaigns SET planning_since = now()${grown} WHERE id = ${campaignId}`);
    }
    if (planned.total === 0) return { planned: 0, skipped: 0 };
    const day = utcDay(now);
    const counters = new CounterBatch().add({ teamId: c.team_id, campaignId, stepId: 0, partId: 0, day }, "records", planned.total);
    if (planned.skipped) counters.add({ teamId: c.team_id, campaignId, stepId: step.id, partId: 0, day }, "processed", planned.skipped);
    await counters.write(tx);
    return { planned: planned.total - planned.skipped, skipped: planned.skipped };
  });
}

/**
 * Step k+1 is planned when a lead's step k is accepted (docs/sending.md): in the transaction that records the
 * acceptance, for those leads, due after the next step's delay. A lead on the last step gets nothing more.
 */
export async function planFollowingSteps(
  tx: DbOrTx,
  accepted: readonly { campaign_id: number; step_id: number; lead_id: number }[],
  now = new Date(),
): Promise<number> {
  const byStep = new Map<string, { campaignId: number; stepId: number; leads: number[] }>();
  for (const a of accepted) {
    const k = `${a.campaign_id}:${a.step_id}`;
    const group = byStep.get(k) ?? { campaignId: a.campaign_id, stepId: a.step_id, leads: [] };
    group.leads.push(a.lead_id);
    byStep.set(k, group);
  }
  let planned = 0;
  for (const g of byStep.values()) {
    const c = await loadPlannedCampaign(tx, g.campaignId);
    const next = c && (await stepAfter(tx, g.campaignId, g.stepId));
    if (!c || !next) continue;
    const leads = sql`(SELECT ${c.team_id}::int AS team_id, unnest(${bigintArray(g.leads)}) AS lead_id)`;
    const result = await planStep(tx, c, next, leads, now.getTime() + stepDelayMs(next));
    if (result.skipped) {
      await new CounterBatch()
        .add({ teamId: c.team_id, campaignId: c.id, stepId: next.id, partId: 0, day: utcDay(now) }, "processed", result.skipped)
        .write(tx);
    }
    planned += result.total - result.skipped;
  }
  return planned;
}

async function stepAfter(db: DbOrTx, campaignId: number, stepId: number): Promise<PlannedStep | undefined> {
  const [next] = await rows<PlannedStep>(
    db,
    sql`SELECT s.id, s.type, s.delay, s.delay_time_period,
          coalesce((SELECT array_agg(p.id ORDER BY p.position, p.id) FROM campaign_steps p WHERE p.parent_step_id = s.id), '{}') AS parts
        FROM campaign_steps s, campaign_steps cur
        WHERE cur.id = ${stepId} AND s.campaign_id = ${campaignId} AND s.parent_step_id IS NULL
          AND (s.position, s.id) > (cur.position, cur.id)
        ORDER BY s.position, s.id LIMIT 1`,
  );
  return next;
}

/**
 * One step for a set of leads (`leads`: a relation of team_id, lead_id), from `at` on. Two statements whatever the
 * audience's size: a read of the distinct places of its leads (what the zone, window and route depend on), each
 * resolved here once, then the insert, every row taking its place's zone, window and route by a hash join.
 */
export async function planStep(
  tx: DbOrTx,
  c: PlannedCampaign,
  step: PlannedStep,
  leads: SQL,
  at: number,
  /** The slice of lead ids `leads` holds, when it is one: the leads table is then read by that range only. */
  leadIds?: LeadIdRange,
): Promise<{ total: number; skipped: number }> {
  const channel = CampaignChannel[c.type];
  const senders = await campaignSenders(tx, c);
  const parts = step.type === "split" ? step.parts : [step.id];
  if (parts.length === 0) return { total: 0, skipped: 0 };
  const source = await recipientsOf(tx, c.team_id, channel, leads, senders.byGroup.size > 0, leadIds);
  const places = await placesOf(tx, c, channel, senders, source, at);
  return insertRows(tx, c, step.id, parts, channel, senders, source, places, new Date(at).toISOString());
}

/**
 * The audience with each lead's address (a subscribed phone, or a valid, then unchecked, email, first; opt-outs are
 * gated again at every claim) and its place key: the lookup's zone and state, the area code (or, for a number of
 * another calling code, its first digits), the lead's ZIP, state, zone and country fields, and — for a route — the carrier: `r` (lead_id, address, timezone, state and the key's columns),
 * each value computed once per lead. `matches` joins a place `v` to its recipients.
 */
export interface Recipients {
  from: SQL;
  matches: SQL;
}

/** The place key's columns, in the order `recipientsOf` builds them. */
export const KEY = [
  "lookup_tz",
  "lookup_state",
  "area_code",
  "phone_cc",
  "zip",
  "lead_state",
  "lead_tz",
  "lead_country",
  "carrier",
] as const;

/** The lead fields a zone or state may come from, by their attribute slugs (the import's names for them). */
const ZONE_FIELDS = {
  zip: ["zip", "zip_code", "zipcode", "postal_code", "postcode"],
  state: ["state", "state_code"],
  timeZone: ["timezone", "time_zone", "tz"],
  country: ["country", "country_code"],
} as const;

export async function recipientsOf(
  tx: DbOrTx,
  teamId: number,
  channel: "sms" | "email",
  leads: SQL,
  routed: boolean,
  leadIds?: LeadIdRange,
): Promise<Recipients> {
  const attrs = await rows<{ id: number; slug: string }>(
    tx,
    sql`SELECT id, slug FROM lead_attributes WHERE team_id = ${teamId}
          AND slug = ANY(${textArray(Object.values(ZONE_FIELDS).flat())})`,
  );
  const fieldValue = (slugs: readonly string[]) => {
    const ids = attrs.filter((a) => slugs.includes(a.slug)).map((a) => sql`l.attrs -> ${String(a.id)} ->> 0`);
    return ids.length ? sql`coalesce(${sql.join(ids, sql`, `)})` : sql`NULL::text`;
  };
  const address = leadIds ? addressesOfRange(teamId, channel, leadIds) : addressesPerLead(channel);
  // The lead's own fields only when the team has such attributes: otherwise the leads table is not read at all.
  // In a slice, its id range too: the planner then reads the slice's leads by the key, not the whole table per slice.
  const range = leadIds ? sql` AND l.id > ${leadIds.after}${leadIds.upTo === null ? sql`` : sql` AND l.id <= ${leadIds.upTo}`}` : sql``;
  const lead = attrs.length ? sql`LEFT JOIN leads l ON l.team_id = a.team_id AND l.id = a.lead_id${range}` : sql``;
  const values = [
    sql`ad.timezone`,
    sql`ad.state`,
    sql`CASE WHEN ad.address ~ '^[+]1[2-9][0-9]{9}$' THEN substr(ad.address, 3, 3) END`,
    // Enough of any other number to tell its country (+49151, +7701): a few hundred keys, not one per number.
    sql`CASE WHEN ad.address ~ '^[+][2-9]' THEN substr(ad.address, 1, ${PHONE_PREFIX}) END`,
    fieldValue(ZONE_FIELDS.zip),
    fieldValue(ZONE_FIELDS.state),
    fieldValue(ZONE_FIELDS.timeZone),
    fieldValue(ZONE_FIELDS.country),
    routed ? sql`ad.carrier_name` : sql`NULL::text`,
  ];
  const columns = sql.join(
    values.map((v, i) => sql`${v} AS ${sql.raw(KEY[i]!)}`),
    sql`, `,
  );
  // Null-safe and still a hash join: equal text and equal nullness per column (IS NOT DISTINCT FROM would make the
  // insert compare every row with every place).
  const matches = KEY.map((k) => sql.raw(`coalesce(r.${k}, '') = coalesce(v.${k}, '') AND (r.${k} IS NULL) = (v.${k} IS NULL)`));
  const select = sql`SELECT a.team_id, a.lead_id, ad.address, ad.timezone, ad.state, ${columns} FROM ${leads} a ${address} ${lead}`;
  if (!leadIds)
    // OFFSET 0 keeps the subquery whole: merged into the outer query, each value would be computed once per use.
    return { from: sql`(${select} OFFSET 0) r`, matches: sql.join(matches, sql` AND `) };
  // A range's recipients are read once into a table of the transaction, which both the read of their places and the
  // insert then scan: joining the audience, addresses and leads twice costs more than writing them down once.
  await tx.execute(sql`DROP TABLE IF EXISTS pg_temp.plan_recipients`);
  // In lead order, as the insert then reads it: the ledger's key on (campaign, step, lead) grows at its end rather
  // than at a million random places.
  await tx.execute(sql`CREATE TEMP TABLE plan_recipients ON COMMIT DROP AS ${select} ORDER BY a.lead_id`);
  return { from: sql`plan_recipients r`, matches: sql.join(matches, sql` AND `) };
}

/** The lead's address: the first of its subscribed phones (or pending or valid emails), else its first. */
const ADDRESS = {
  sms: {
    table: sql`lead_phones`,
    columns: sql`x.phone AS address, x.timezone, x.state, x.carrier_name`,
    first: sql`(x.status = ${PhoneStatuses.subscribed}) DESC, x.id`,
  },
  email: {
    table: sql`lead_emails`,
    columns: sql`x.email AS address, NULL::text AS timezone, NULL::text AS state, NULL::text AS carrier_name`,
    first: sql`(x.status IN (${EmailStatuses.pending}, ${EmailStatuses.valid})) DESC, x.id`,
  },
} as const;

/** A few leads (a first slice, an event's, the accepted ones): each lead's address by its index, one probe per lead. */
function addressesPerLead(channel: "sms" | "email"): SQL {
  const a = ADDRESS[channel];
  return sql`LEFT JOIN LATERAL (SELECT ${a.columns} FROM ${a.table} x
    WHERE x.team_id = a.team_id AND x.lead_id = a.lead_id ORDER BY ${a.first} LIMIT 1) ad ON true`;
}

/**
 * A range of the team's lead ids: their addresses in one pass over the range, hash-joined — a probe per lead costs
 * more than reading the range once when the audience is most of it.
 */
function addressesOfRange(teamId: number, channel: "sms" | "email", r: LeadIdRange): SQL {
  const a = ADDRESS[channel];
  const upTo = r.upTo === null ? sql`` : sql` AND x.lead_id <= ${r.upTo}`;
  return sql`LEFT JOIN (SELECT DISTINCT ON (x.lead_id) x.lead_id, ${a.columns} FROM ${a.table} x
    WHERE x.team_id = ${teamId} AND x.lead_id > ${r.after}${upTo} ORDER BY x.lead_id, ${a.first}) ad ON ad.lead_id = a.lead_id`;
}

/** Characters of a non-NANP number in its place key: "+" and five digits, the calling code and the next few. */
const PHONE_PREFIX = 6;

/** A place key and what it resolves to: where the recipient is, its window from `at`, a route's carrier-group sender. */
export type Place = Record<(typeof KEY)[number], string | null> & {
  tz: string | null;
  source: string;
  st: string | null;
  ctry: string | null;
  due: string | null;
  not_after: string | null;
  /** A route's carrier-group senders as weighted slots (`weightedSlots`); null: the lead draws from the campaign's. */
  route_gateways: number[] | null;
  route_senders: string[] | null;
  route_kinds: string[] | null;
  /** The senders (1-based, in `senders.choices`) local to the place: same area code, else same state; null: none. */
  near: number[] | null;
};

/**
 * Local presence: the senders a place's recipients draw from — those with the recipient's area code, else those of
 * its state (by their own area codes); null when none is local (the lead then draws from all). A lead still keeps
 * its number: the draw within the local ones is a hash of the lead.
 */
function localSenders(senders: CampaignSenders): (areaCode: string | null, state: string | null) => number[] | null {
  if (senders.choices.length < 2) return () => null;
  const geo = senders.choices.map((s, i) => {
    const ac = s.kind === "number" ? areaCodeOf(s.sender) : null;
    return { at: i + 1, ac, state: ac ? (areaCodePlace(ac)?.state ?? null) : null };
  });
  return (areaCode, state) => {
    const same = areaCode ? geo.filter((g) => g.ac === areaCode) : [];
    const near = same.length ? same : state ? geo.filter((g) => g.state === state) : [];
    return near.length ? near.map((g) => g.at) : null;
  };
}

/**
 * Where each recipient is (docs/sending.md) and when it may be sent to: per distinct place key of the audience — a
 * few hundred for a million leads, tens of thousands when their ZIPs are real; the insert takes them as one JSON value,
 * so their number meets no parameter limit — the zone and state in source order, the first allowed stretch at or
 * after `at` (`due` null: the window never opens, the row is skipped with why), and a route's sender for the
 * carrier's group.
 */
export async function placesOf(
  tx: DbOrTx,
  c: PlannedCampaign,
  channel: "sms" | "email",
  senders: CampaignSenders,
  source: Recipients,
  at: number,
): Promise<Place[]> {
  const keys = await rows<Record<(typeof KEY)[number], string | null>>(
    tx,
    sql`SELECT DISTINCT ${sql.raw(KEY.map((k) => `r.${k}`).join(", "))} FROM ${source.from} WHERE r.address IS NOT NULL`,
  );
  const groupOf = senders.byGroup.size > 0 ? await carrierGroupsOf(tx, [...new Set(keys.map((k) => k.carrier))]) : new Map();
  const windows = new Map<string, ReturnType<typeof rowWindow>>();
  const local = localSenders(senders);
  return keys.map((k) => {
    const z = resolveRecipientZone({
      leadTimeZone: k.lead_tz,
      lookupTimeZone: k.lookup_tz,
      lookupState: k.lookup_state,
      zip: k.zip,
      phone: k.area_code ? `+1${k.area_code}5550100` : null,
      leadState: k.lead_state,
    });
    const country = resolveRecipientCountry({
      phone: k.area_code ? `+1${k.area_code}5550100` : k.phone_cc,
      leadCountry: k.lead_country,
      timeZone: z.timeZone,
    });
    const w = `${z.timeZone}|${z.state}|${country}`;
    if (!windows.has(w)) windows.set(w, rowWindow(at, { timeZone: z.timeZone, state: z.state, country }, c, channel));
    const { due, notAfter } = windows.get(w)!;
    const group = k.carrier === null ? null : groupOf.get(k.carrier);
    const route = group === null || group === undefined ? undefined : weightedSlots(senders.byGroup.get(group) ?? []);
    const routed = route?.length ? route : null;
    return {
      ...k,
      tz: z.timeZone,
      source: z.source,
      st: z.state,
      ctry: country,
      due,
      not_after: notAfter,
      route_gateways: routed?.map((r) => r.gatewayId) ?? null,
      route_senders: routed?.map((r) => r.sender) ?? null,
      route_kinds: routed?.map((r) => r.kind) ?? null,
      near: routed ? null : local(k.area_code, z.state),
    };
  });
}

/**
 * The INSERT … SELECT: one row per audience lead, its place's zone, window and route joined by its key. A lead
 * without an address of the channel is skipped with why (`no_address`), as is everyone when nothing can send
 * (`no_sender`) and a lead whose window never opens (`outside_window`); the first two keep the raw lookup values and
 * no window.
 */
async function insertRows(
  tx: DbOrTx,
  c: PlannedCampaign,
  stepId: number,
  parts: number[],
  channel: "sms" | "email",
  senders: CampaignSenders,
  source: Recipients,
  places: Place[],
  base: string,
): Promise<{ total: number; skipped: number }> {
  const leadKey = sql`'lead:' || r.lead_id::text`;
  const part = sql`(${intArray(parts)})[1 + ${bucket(sql`${`${c.id}:${stepId}:`} || r.lead_id::text`, parts.length)}]`;
  const n = senders.choices.length;
  // The lead's sender: drawn by its hash among its place's local senders when there are any, else among all.
  const slot = (values: SQL) => sql`${values}[1 + ${bucket(leadKey, sql`cardinality(${values})`)}]`;
  const drawn = sql`CASE WHEN v.near IS NOT NULL THEN ${slot(sql`v.near`)} ELSE 1 + ${bucket(leadKey, Math.max(1, n))} END`;
  const pick = (values: SQL) => (n === 0 ? sql`NULL` : sql`(${values})[${drawn}]`);
  const gateway = pick(intArray(senders.choices.map((s) => s.gatewayId)));
  const sender = pick(textArray(senders.choices.map((s) => s.sender)));
  const senderKind = pick(textArray(senders.choices.map((s) => s.kind)));
  // A row that can go: it has an address and a sender; only those take their place's zone, window and route.
  const goes = sql`(r.address IS NOT NULL AND ${n > 0})`;
  // A lead whose place changed between the read of the places and this insert has none (v.source is never null in
  // a place): it is planned as a recipient of unknown zone, state and country, whose window holds in every US zone
  // and under every state's rule.
  const unknown = rowWindow(Date.parse(base), { timeZone: null, state: null }, c, channel);
  const due = sql`CASE WHEN v.source IS NULL THEN ${unknown.due}::timestamptz ELSE v.due END`;
  const notAfter = sql`CASE WHEN v.source IS NULL THEN ${unknown.notAfter}::timestamptz ELSE v.not_after END`;
  const counted = await one<{ total: number; skipped: number }>(
    tx,
    sql`WITH ins AS (INSERT INTO campaign_messages (team_id, campaign_id, step_id, part_id, lead_id, channel, address, state, reason,
          gateway_id, sender, sender_kind, time_zone, time_zone_source, us_state, country, due_at, not_after)
        SELECT ${c.team_id}, ${c.id}, ${stepId}, ${part}, r.lead_id, ${channel}, coalesce(r.address, ''),
          CASE WHEN ${goes} AND ${due} IS NOT NULL THEN 'planned' ELSE 'skipped' END,
          CASE WHEN r.address IS NULL THEN 'no_address' WHEN ${n === 0} THEN 'no_sender' WHEN ${due} IS NULL THEN 'outside_window' END,
          CASE WHEN ${goes} THEN coalesce(${slot(sql`v.route_gateways`)}, ${gateway}) ELSE ${gateway} END,
          CASE WHEN ${goes} THEN coalesce(${slot(sql`v.route_senders`)}, ${sender}) ELSE ${sender} END,
          CASE WHEN ${goes} THEN coalesce(${slot(sql`v.route_kinds`)}, ${senderKind}) ELSE ${senderKind} END,
          CASE WHEN ${goes} THEN v.tz ELSE r.timezone END,
          CASE WHEN ${goes} THEN coalesce(v.source, 'unknown') ELSE 'unknown' END,
          CASE WHEN ${goes} THEN v.st ELSE r.state END,
          CASE WHEN ${goes} THEN v.ctry END,
          CASE WHEN ${goes} THEN coalesce(${due}, ${base}::timestamptz) ELSE ${base}::timestamptz END,
          CASE WHEN ${goes} THEN ${notAfter} END
        FROM ${source.from}
          LEFT JOIN jsonb_to_recordset(${JSON.stringify(places)}::jsonb) AS v(${sql.raw(KEY.map((k) => `${k} text`).join(", "))},
            tz text, source text, st text, ctry text, due timestamptz, not_after timestamptz, route_gateways int[], route_senders text[], route_kinds text[],
            near int[])
            ON ${source.matches}
        ON CONFLICT (campaign_id, step_id, lead_id) DO NOTHING
        RETURNING state)
        SELECT count(*)::int AS total, (count(*) FILTER (WHERE state = 'skipped'))::int AS skipped FROM ins`,
  );
  return counted ?? { total: 0, skipped: 0 };
}
