import {
  type CampaignStep,
  type DelayPeriod,
  DelayPeriodLabels,
  EmailStepOptionKeys,
  LINK_PLACEHOLDER,
  REVENUE_TOKEN,
  type SaveStepPart,
  SmsStepOptionKeys,
  type StepStatus,
  StepStatusLabels,
  type StepType,
  StepTypeLabels,
  smsLength,
} from "@leadflow/contracts";
import { iso } from "../shared/rows";

/** What a sms or email step stores: the columns the engine filters on, the rest as `options`. */
export interface StepColumns {
  message: string;
  subject: string | null;
  redirect_to: string | null;
  short_url_domain_id: number | null;
  click_automation_campaign_id: number | null;
  two_fa_automation_campaign_id: number | null;
  tmo_limit_automation_campaign_id: number | null;
  options: Record<string, unknown>;
}

/**
 * Tracking revenue puts the revenue token on redirect_to; off, or with no link in the message, it is stripped
 * (docs/product/campaigns.md), so the stored link is what the engine sends whatever the editor did.
 */
export function withRevenueToken(redirect: string | null, on: boolean, message: string): string | null {
  if (!redirect) return redirect;
  const bare = redirect.replace(`&${TOKEN_PARAM}`, "").replace(`?${TOKEN_PARAM}&`, "?").replace(`?${TOKEN_PARAM}`, "");
  if (!on || !message.includes(LINK_PLACEHOLDER)) return bare;
  return `${bare}${bare.includes("?") ? "&" : "?"}${TOKEN_PARAM}`;
}
const TOKEN_PARAM = `revenue=${REVENUE_TOKEN}`;

export function stepColumns(step: SaveStepPart): StepColumns {
  if (step.type === "sms") {
    const options = Object.fromEntries(SmsStepOptionKeys.map((k) => [k, step[k] ?? null]));
    return {
      message: step.message,
      subject: null,
      redirect_to: withRevenueToken(step.redirect_to, step.is_tracking_revenue, step.message),
      short_url_domain_id: step.short_url_domain_id,
      click_automation_campaign_id: step.click_automation_campaign_id,
      two_fa_automation_campaign_id: step.is_2fa_link_view ? step.two_fa_automation_campaign_id : null,
      tmo_limit_automation_campaign_id: step.tmo_limit_automation_campaign_id,
      options,
    };
  }
  const options = Object.fromEntries(EmailStepOptionKeys.map((k) => [k, step[k] ?? null]));
  return {
    message: step.message,
    subject: step.subject ?? null,
    redirect_to: step.redirect_to,
    short_url_domain_id: step.short_url_domain_id,
    click_automation_campaign_id: null,
    two_fa_automation_campaign_id: null,
    tmo_limit_automation_campaign_id: null,
    options,
  };
}

/** A stored step row, as read with its short domain's host. */
export interface StepRow extends Omit<StepColumns, "options"> {
  id: number;
  campaign_id: number;
  parent_step_id: number | null;
  position: number;
  type: StepType;
  name: string;
  status: StepStatus;
  started_at: string | null;
  delay: number;
  delay_time_period: DelayPeriod;
  options: Record<string, unknown>;
  short_url_domain_label: string | null;
}

export type PresentedStep = Omit<CampaignStep, "steps">;

export function presentStep(r: StepRow): PresentedStep {
  return {
    id: r.id,
    campaign_id: r.campaign_id,
    parent_step_id: r.parent_step_id,
    position: r.position,
    type: r.type,
    type_label: StepTypeLabels[r.type],
    name: r.name,
    status: r.status,
    status_label: StepStatusLabels[r.status],
    started_at: iso(r.started_at),
    delay: r.delay,
    delay_time_period: r.delay_time_period,
    delay_label: `${r.delay} ${DelayPeriodLabels[r.delay_time_period]}`,
    message: r.message,
    subject: r.subject,
    redirect_to: r.redirect_to,
    short_url_domain_id: r.short_url_domain_id,
    short_url_domain_label: r.short_url_domain_label,
    click_automation_campaign_id: r.click_automation_campaign_id,
    two_fa_automation_campaign_id: r.two_fa_automation_campaign_id,
    tmo_limit_automation_campaign_id: r.tmo_limit_automation_campaign_id,
    options: r.options,
    sms: r.type === "sms" ? smsPreview(r.message, r.short_url_domain_label) : null,
  };
}

/** The shared counter's parts and encoding, `{{link}}` sized by the step's short domain. */
function smsPreview(message: string, shortDomain: string | null) {
  const l = smsLength(message, { shortDomain });
  return { encoding: l.encoding, characters: l.characters, parts: l.parts, exact: l.exact };
}
