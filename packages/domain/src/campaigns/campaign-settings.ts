import {
  CampaignFrequencyPeriods,
  type CampaignStatus,
  CampaignStatusLabels,
  type CampaignTrigger,
  CampaignTriggerLabels,
  type CampaignType,
  CampaignTypeLabels,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, one } from "../shared/rows";
import { type Readable, yesNo } from "./change-log";

/*
 * A campaign's settings as the Logs tab words them: the dialog's labels, names instead of ids (gateway, route, pool,
 * rules, trigger campaign, spam groups), Yes/No, the start in its own time zone. Read before and after a save, the
 * difference is what the entry lists.
 */

interface SettingsRow {
  name: string;
  type: CampaignType;
  status: CampaignStatus;
  sender_type: string;
  gateway: string | null;
  route: string | null;
  pool: string | null;
  ms_name: string | null;
  ms_sid: string | null;
  started_at: string | Date | null;
  started_at_tz: string;
  daytime_limitation: boolean;
  run_daily_from: string | null;
  run_daily_to: string | null;
  need_send_by_timezones: boolean;
  frequency_count: number | null;
  frequency_period: number | null;
  daily_limit: number | null;
  cool_off_rule: string | null;
  inactive_device_rule: string | null;
  set_frequency_rule: string | null;
  increase_frequency_rule: string | null;
  only_verified_leads: boolean;
  lookup_gateway: string | null;
  only_consent_proof: boolean;
  triggers: CampaignTrigger[];
  click_trigger: string | null;
  send_test_spam_emails: boolean;
  spam_email_groups: string | null;
  send_spam_email_interval: number | null;
  reply_to: string | null;
}

const rule = (alias: string, column: string) =>
  sql.raw(`LEFT JOIN rules ${alias} ON ${alias}.id = c.${column} AND ${alias}.team_id = c.team_id`);

export async function campaignSettings(db: DbOrTx, teamId: number, campaignId: number): Promise<Readable> {
  const r = await one<SettingsRow>(
    db,
    sql`SELECT c.name, c.type, c.status, c.sender_type, g.name AS gateway, r.name AS route, p.name AS pool, c.ms_name, c.ms_sid,
          c.started_at, c.started_at_tz, c.daytime_limitation, c.run_daily_from::text, c.run_daily_to::text, c.need_send_by_timezones,
          c.frequency_count, c.frequency_period, c.daily_limit, co.name AS cool_off_rule, idr.name AS inactive_device_rule,
          sf.name AS set_frequency_rule, inc.name AS increase_frequency_rule, c.only_verified_leads, lg.name AS lookup_gateway,
          c.only_consent_proof,
          c.triggers, ct.name AS click_trigger, c.send_test_spam_emails,
          (SELECT string_agg(s.name, ', ' ORDER BY lower(s.name), s.id) FROM spam_email_groups s
            WHERE s.team_id = c.team_id AND s.id = ANY(c.spam_email_group_ids)) AS spam_email_groups,
          c.send_spam_email_interval, c.reply_to
        FROM campaigns c
        LEFT JOIN gateways g ON g.id = c.gateway_id AND (g.team_id = c.team_id OR g.team_id IS NULL)
        LEFT JOIN campaign_routes r ON r.id = c.route_id AND r.team_id = c.team_id
        LEFT JOIN campaign_pools p ON p.id = c.pool_id AND p.team_id = c.team_id
        ${rule("co", "cool_off_rule_id")} ${rule("idr", "inactive_device_rule_id")}
        ${rule("sf", "set_frequency_rule_id")} ${rule("inc", "increase_frequency_rule_id")}
        LEFT JOIN gateways lg ON lg.id = c.lookup_gateway_id AND (lg.team_id = c.team_id OR lg.team_id IS NULL)
        LEFT JOIN campaigns ct ON ct.id = c.click_automation_campaign_id AND ct.team_id = c.team_id
        WHERE c.team_id = ${teamId} AND c.id = ${campaignId}`,
  );
  return r ? readable(r) : {};
}

const num = (n: number | null) => (n === null ? null : n.toLocaleString("en-US"));
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function readable(r: SettingsRow): Readable {
  return {
    Name: r.name,
    Type: CampaignTypeLabels[r.type] ?? r.type,
    Status: CampaignStatusLabels[r.status] ?? r.status,
    "Sender type": capital(r.sender_type),
    Gateway: r.gateway,
    Route: r.route,
    Pool: r.pool,
    "Messaging service": r.ms_name ?? r.ms_sid,
    Start: r.started_at ? inZone(r.started_at, r.started_at_tz) : null,
    // The zone only means something with a start.
    "Time zone": r.started_at ? r.started_at_tz : null,
    "Daytime limitation": yesNo(r.daytime_limitation),
    "Run daily from": r.run_daily_from?.slice(0, 5) ?? null,
    "Run daily to": r.run_daily_to?.slice(0, 5) ?? null,
    "Send by lead time zones": yesNo(r.need_send_by_timezones),
    "Frequency count": num(r.frequency_count),
    "Frequency period":
      r.frequency_period === null
        ? null
        : (CampaignFrequencyPeriods[r.frequency_period as keyof typeof CampaignFrequencyPeriods] ?? `${r.frequency_period} min`),
    "Daily limit": num(r.daily_limit),
    "Cool off rule": r.cool_off_rule,
    "Inactive device rule": r.inactive_device_rule,
    "Set frequency rule": r.set_frequency_rule,
    "Increase frequency rule": r.increase_frequency_rule,
    "Only verified leads": yesNo(r.only_verified_leads),
    "Lookup gateway": r.lookup_gateway,
    "Only leads with consent proof": yesNo(r.only_consent_proof),
    Triggers: r.triggers.length ? r.triggers.map((t) => CampaignTriggerLabels[t] ?? t).join(", ") : null,
    "Click trigger campaign": r.click_trigger,
    "Send test spam emails": yesNo(r.send_test_spam_emails),
    "Spam email groups": r.spam_email_groups,
    "Spam email interval": r.send_spam_email_interval === null ? null : `${r.send_spam_email_interval} min`,
    "Reply to": r.reply_to,
  };
}

/** The app's date format (MM-DD-YYYY hh:mm A) in the zone the schedule was entered in. */
export function inZone(value: string | Date, zone: string): string {
  const when = new Date(value);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = format(zone).formatToParts(when);
  } catch {
    parts = format("UTC").formatToParts(when);
  }
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.month}-${p.day}-${p.year} ${p.hour === "24" ? "00" : p.hour}:${p.minute} ${String(p.dayPeriod).toUpperCase()}`;
}

const format = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hour12: true,
  });
