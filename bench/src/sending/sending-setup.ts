import { performance } from "node:perf_hooks";
import { RuleTypes, SaveCampaign, SaveStep } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import { attachAudience, createCampaign, createStep, type TeamCtx } from "@leadflow/domain";
import { createGateway } from "@leadflow/domain/gateways/gateways.service";
import { type SeededTeam, seedLeads } from "../leads/seed-leads";

/*
 * What B8 and B9 share: the seeded team (seed-leads.ts) made a realistic audience for the planner's zone and window
 * passes, a gateway, and an SMS campaign over the seeded list, set Active as `setCampaignStatus` leaves it.
 */

/** Thirty places: a ZIP the zone tables know, its state, its zone (as a lookup writes it) and an area code of it. */
const PLACES: readonly { zip: string; state: string; zone: string; area: string }[] = [
  { zip: "10001", state: "NY", zone: "America/New_York", area: "212" },
  { zip: "60601", state: "IL", zone: "America/Chicago", area: "312" },
  { zip: "80202", state: "CO", zone: "America/Denver", area: "303" },
  { zip: "85004", state: "AZ", zone: "America/Phoenix", area: "602" },
  { zip: "90012", state: "CA", zone: "America/Los_Angeles", area: "213" },
  { zip: "99501", state: "AK", zone: "America/Anchorage", area: "907" },
  { zip: "96813", state: "HI", zone: "Pacific/Honolulu", area: "808" },
  { zip: "33130", state: "FL", zone: "America/New_York", area: "305" },
  { zip: "75201", state: "TX", zone: "America/Chicago", area: "214" },
  { zip: "98101", state: "WA", zone: "America/Los_Angeles", area: "206" },
  { zip: "06103", state: "CT", zone: "America/New_York", area: "860" },
  { zip: "73102", state: "OK", zone: "America/Chicago", area: "405" },
  { zip: "21201", state: "MD", zone: "America/New_York", area: "410" },
  { zip: "35203", state: "AL", zone: "America/Chicago", area: "205" },
  { zip: "70112", state: "LA", zone: "America/Chicago", area: "504" },
  { zip: "39201", state: "MS", zone: "America/Chicago", area: "601" },
  { zip: "02108", state: "MA", zone: "America/New_York", area: "617" },
  { zip: "30303", state: "GA", zone: "America/New_York", area: "404" },
  { zip: "48226", state: "MI", zone: "America/Detroit", area: "313" },
  { zip: "55401", state: "MN", zone: "America/Chicago", area: "612" },
  { zip: "83702", state: "ID", zone: "America/Boise", area: "208" },
  { zip: "46204", state: "IN", zone: "America/Indiana/Indianapolis", area: "317" },
  { zip: "37203", state: "TN", zone: "America/Chicago", area: "615" },
  { zip: "84101", state: "UT", zone: "America/Denver", area: "801" },
  { zip: "89101", state: "NV", zone: "America/Los_Angeles", area: "702" },
  { zip: "97204", state: "OR", zone: "America/Los_Angeles", area: "503" },
  { zip: "63101", state: "MO", zone: "America/Chicago", area: "314" },
  { zip: "19103", state: "PA", zone: "America/New_York", area: "215" },
  { zip: "27601", state: "NC", zone: "America/New_York", area: "919" },
  { zip: "00901", state: "PR", zone: "America/Puerto_Rico", area: "787" },
];

/** Lead profiles: a place, and which of its sources the lead has. Lead id mod PROFILES picks one. */
const PROFILES = PLACES.length * 10;

/**
 * Per profile p (place p mod 30, variant p div 30 in 0…9): the lookup's zone for variants 0–4, its state for even
 * variants, the lead's ZIP for 0, 3, 6, 7, 8, and for variant 9 nothing but an area code whose zone is unknown
 * (Idaho's 208): a tenth of the audience has no zone and waits for every US zone's window at once.
 */
function profiles() {
  return Array.from({ length: PROFILES }, (_, p) => {
    const place = PLACES[p % PLACES.length]!;
    const v = Math.floor(p / PLACES.length);
    return {
      p,
      zone: v <= 4 ? place.zone : null,
      state: v % 2 === 0 ? place.state : null,
      zip: [0, 3, 6, 7, 8].includes(v) ? place.zip : null,
      area: v === 9 ? "208" : place.area,
    };
  });
}

/**
 * `rows` seeded leads, each with one phone in the list, re-shaped for the planner: phones spread over thirty area
 * codes, the lookup's zone and state and the lead's ZIP present or not by profile (a few hundred distinct
 * combinations, as a real audience gives), then VACUUM ANALYZE.
 */
export async function seedAudience(database: Database, rows: number): Promise<SeededTeam> {
  const t0 = performance.now();
  const s = await seedLeads(database, rows);
  const values = profiles();
  const json = JSON.stringify(values);
  const profile = `(SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(p int, zone text, state text, zip text, area text))`;
  await database.query(
    `UPDATE lead_phones lp SET phone = '+1' || x.area || substr(lp.phone, 6), timezone = x.zone, state = x.state
     FROM ${profile} x WHERE lp.team_id = $1 AND x.p = lp.lead_id % ${PROFILES}`,
    [s.ctx.teamId, json],
  );
  const zip = String(s.attributes.zip);
  await database.query(
    `UPDATE leads l SET attrs = CASE WHEN x.zip IS NULL THEN l.attrs - $3::text ELSE l.attrs || jsonb_build_object($3::text, jsonb_build_array(x.zip)) END
     FROM ${profile} x WHERE l.team_id = $1 AND x.p = l.id % ${PROFILES}`,
    [s.ctx.teamId, json, zip],
  );
  await database.query("VACUUM ANALYZE");
  console.log(`  seeded ${rows.toLocaleString("en")} leads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return s;
}

/**
 * An SMS gateway of the team with three numbers; `rate` (messages per second) is set in SQL, as the integration
 * dialog's Send rate would.
 */
export async function smsGateway(
  database: Database,
  ctx: TeamCtx,
  g: { type: "sandbox" | "gateway1"; params?: Record<string, string>; rate?: number },
): Promise<{ id: number; numbers: string[] }> {
  const numbers = ["+12015550101", "+12015550102", "+12015550103"];
  const gw = await createGateway(database.db, ctx, {
    kind: "sms",
    type: g.type,
    name: `Bench ${g.type}`,
    active: true,
    allow_lookup: false,
    is_force: false,
    params: g.params ?? {},
    senders: { numbers: numbers.map((number) => ({ number })) },
  } as never);
  if (g.rate !== undefined) await setRate(database, gw.id, g.rate);
  return { id: gw.id, numbers };
}

export const setRate = (database: Database, gatewayId: number, rate: number) =>
  database.query("UPDATE gateways SET rate_limit = $2 WHERE id = $1", [gatewayId, rate]);

/** The message every bench campaign sends: a placeholder and a short link, as campaigns usually do. */
const STEP = {
  type: "sms",
  name: "Spring",
  message: "Hi {{last_4_digits}}, spring deals: {{link}} Reply STOP to opt out",
  redirect_to: "https://shop.example.com/spring",
};

/** An SMS campaign over the list through the gateway, Active (`setCampaignStatus` would also queue its planning). */
export async function activeCampaign(database: Database, ctx: TeamCtx, listId: number, gatewayId: number, input: object = {}) {
  const db = database.db;
  const c = await createCampaign(
    db,
    ctx,
    SaveCampaign.parse({ name: "Bench", type: "sms", sender_type: "gateway", setting_gateway_id: gatewayId, ...input }),
  );
  const step = await createStep(db, ctx, c.id, SaveStep.parse(STEP));
  await attachAudience(db, ctx, c.id, "list", { ids: [listId] });
  await setStatus(database, c.id, "active");
  return { id: c.id, stepId: (step as { id: number }).id };
}

export const setStatus = (database: Database, campaignId: number, status: "active" | "paused") =>
  database.query("UPDATE campaigns SET status = $2, is_started = true WHERE id = $1", [campaignId, status]);

/** Every gate of the claim switched on for a campaign: a cool-off rule and an inactive-device rule of the team. */
export async function gateRules(database: Database, ctx: TeamCtx, campaignId: number): Promise<void> {
  const rule = async (name: string, type: number, period: number) =>
    (
      await database.query<{ id: number }>("INSERT INTO rules (team_id, name, type, params) VALUES ($1, $2, $3, $4) RETURNING id", [
        ctx.teamId,
        name,
        type,
        JSON.stringify({ period }),
      ])
    ).rows[0]!.id;
  const coolOff = await rule("Hour apart", RuleTypes.sms_cool_off, 60);
  const inactive = await rule("Dead phones", RuleTypes.sms_inactive_device, 30);
  await database.query("UPDATE campaigns SET cool_off_rule_id = $2, inactive_device_rule_id = $3 WHERE id = $1", [
    campaignId,
    coolOff,
    inactive,
  ]);
}

/** The send ledger and what is written beside it, emptied: the next run plans and sends from scratch. */
export async function clearLedger(database: Database): Promise<void> {
  await database.query(
    "TRUNCATE campaign_messages, campaign_counters, campaign_links, address_activity, campaign_pacing, send_dispatchers, provider_events",
  );
}
