import {
  type CampaignChangeAttribute,
  type DelayPeriod,
  DelayPeriodLabels,
  type EmailStepOptionKeys,
  type SmsStepOptionKeys,
  type StepType,
  StepTypeLabels,
} from "@leadflow/contracts";
import { sql } from "drizzle-orm";
import { type DbOrTx, rows } from "../shared/rows";
import { changedFields, type Readable, setFields, yesNo } from "./change-log";

/*
 * A step (and a split's parts) as the Logs tab words it: the editor's labels, names instead of ids, Yes/No. A part's
 * fields are named after it ("Part 2: Message"), so one difference covers a split and its parts.
 */

const SMS_OPTION_LABELS = {
  expire_link: "Expire link",
  expire_link_days: "Expire link days",
  redirect_link_for_expire: "Redirect link for expired",
  expire_link_after_first_click: "Expire link after first click",
  redirect_link_after_first_click: "Redirect link after first click",
  is_filtering_state_phone_number: "Filter by state",
  state_attribute_id: "State attribute",
  redirect_link_for_state_filtered: "Redirect link for filtered states",
  is_block_desktop_traffic: "Block desktop traffic",
  redirect_link_for_block_desktop_traffic: "Redirect link for desktop traffic",
  is_2fa_link_view: "2FA link view",
  need_send_welcome_message: "Send welcome message",
  welcome_message_text: "Welcome message",
  is_tracking_revenue: "Track revenue",
  acknowledged_checks: "Acknowledged warnings",
} as const satisfies Record<(typeof SmsStepOptionKeys)[number], string>;

const EMAIL_OPTION_LABELS = {
  sender_type: "Sender type",
  sender_email: "Sender email",
  sender_username: "Sender username",
  sender_domain: "Sender domain",
  sender_email_group_id: "Sender email group",
  from_name: "From name",
  sender: "Sender",
  pre_header: "Pre-header",
  is_tracking_opens: "Track opens",
  clicks_tracking_version: "Clicks tracking version",
} as const satisfies Record<(typeof EmailStepOptionKeys)[number], string>;

interface StepSettingsRow {
  id: number;
  parent_step_id: number | null;
  type: StepType;
  name: string;
  delay: number;
  delay_time_period: DelayPeriod;
  message: string;
  subject: string | null;
  redirect_to: string | null;
  short_url_domain: string | null;
  click_trigger: string | null;
  two_fa_trigger: string | null;
  tmo_trigger: string | null;
  state_attribute: string | null;
  sender_email_group: string | null;
  options: Record<string, unknown>;
}

export interface StepSettings {
  name: string;
  fields: Readable;
}

/** The step and its parts as read now; null when there is no such step of the team. */
export async function stepSettings(db: DbOrTx, teamId: number, stepId: number): Promise<StepSettings | null> {
  const found = await rows<StepSettingsRow>(
    db,
    sql`SELECT s.id, s.parent_step_id, s.type, s.name, s.delay, s.delay_time_period, s.message, s.subject, s.redirect_to,
          d.url AS short_url_domain, ca.name AS click_trigger, tfa.name AS two_fa_trigger, tmo.name AS tmo_trigger,
          la.name AS state_attribute, sg.name AS sender_email_group, s.options
        FROM campaign_steps s
        LEFT JOIN short_url_domains d ON d.id = s.short_url_domain_id AND d.team_id = s.team_id
        LEFT JOIN campaigns ca ON ca.id = s.click_automation_campaign_id AND ca.team_id = s.team_id
        LEFT JOIN campaigns tfa ON tfa.id = s.two_fa_automation_campaign_id AND tfa.team_id = s.team_id
        LEFT JOIN campaigns tmo ON tmo.id = s.tmo_limit_automation_campaign_id AND tmo.team_id = s.team_id
        LEFT JOIN lead_attributes la ON la.team_id = s.team_id AND s.options ->> 'state_attribute_id' ~ '^[0-9]{1,9}$'
          AND la.id = (s.options ->> 'state_attribute_id')::int
        LEFT JOIN sender_email_groups sg ON sg.team_id = s.team_id AND s.options ->> 'sender_email_group_id' ~ '^[0-9]{1,9}$'
          AND sg.id = (s.options ->> 'sender_email_group_id')::int
        WHERE s.team_id = ${teamId} AND (s.id = ${stepId} OR s.parent_step_id = ${stepId})
        ORDER BY s.parent_step_id NULLS FIRST, s.position, s.id`,
  );
  const step = found.find((s) => s.id === stepId);
  if (!step) return null;
  const parts = found.filter((s) => s.parent_step_id === stepId);
  const fields: Readable = { ...readable(step) };
  if (step.type === "split") {
    fields.Parts = String(parts.length);
    for (const [i, part] of parts.entries())
      for (const [name, value] of Object.entries(readable(part))) fields[`Part ${i + 1}: ${name}`] = value;
  }
  return { name: step.name, fields };
}

/** What a new step's entry lists: which step, then its set fields. */
export const stepCreated = (s: StepSettings, extra: CampaignChangeAttribute[] = []): CampaignChangeAttribute[] => [
  { name: "Step", value_to: s.name },
  ...extra,
  ...setFields(s.fields).filter((f) => f.name !== "Name"),
];

/** What an edited step's entry lists (which step, as it was named, then what changed); null when nothing did. */
export function stepChanged(before: StepSettings, after: StepSettings): CampaignChangeAttribute[] | null {
  const changed = changedFields(before.fields, after.fields);
  return changed.length ? [{ name: "Step", value_to: before.name }, ...changed] : null;
}

const optionValue = (v: unknown): string | null =>
  v === null || v === undefined || v === "" ? null : typeof v === "boolean" ? yesNo(v) : String(v);

function readable(s: StepSettingsRow): Readable {
  const base: Readable = {
    Name: s.name,
    Type: StepTypeLabels[s.type] ?? s.type,
    Delay: `${s.delay} ${DelayPeriodLabels[s.delay_time_period] ?? s.delay_time_period}`,
  };
  if (s.type === "split") return base;
  const common: Readable = {
    Message: s.message || null,
    Subject: s.subject,
    "Redirect to": s.redirect_to,
    "Short URL domain": s.short_url_domain,
  };
  if (s.type === "email") {
    const options = Object.entries(EMAIL_OPTION_LABELS).map(([key, label]) => [
      label,
      key === "sender_email_group_id"
        ? s.sender_email_group
        : key === "sender_type"
          ? (optionValue(s.options[key])?.replace(/^./, (c) => c.toUpperCase()) ?? null)
          : optionValue(s.options[key]),
    ]);
    return { ...base, ...common, ...Object.fromEntries(options) };
  }
  const options = Object.entries(SMS_OPTION_LABELS).map(([key, label]) => [
    label,
    key === "state_attribute_id" ? s.state_attribute : optionValue(s.options[key]),
  ]);
  return {
    ...base,
    ...common,
    "Click trigger campaign": s.click_trigger,
    "2FA trigger campaign": s.two_fa_trigger,
    "T-Mobile limit trigger campaign": s.tmo_trigger,
    ...Object.fromEntries(options),
  };
}
