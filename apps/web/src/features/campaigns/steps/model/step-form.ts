import {
  type CampaignStep,
  type DelayPeriod,
  DelayPeriods,
  EmailSenderTypes,
  LINK_PLACEHOLDER,
  SplitPartLimits,
  type StepType,
} from "@leadflow/contracts";
import type { Channel } from "./tags";

export type EmailSenderType = (typeof EmailSenderTypes)[number];
/** A select's value: an id, or "" for none. */
type Choice = number | "";

/**
 * What an SMS or email step says and how (docs/product/campaigns.md). Both channels' fields live side by side so
 * a split's parts and a plain step share one shape; `toSaveStep` (step-request.ts) sends only the channel's. Numbers typed in text
 * fields stay text until the contract coerces them.
 */
export interface ContentValues {
  message: string;
  redirect_to: string;
  short_url_domain_id: Choice;
  // SMS
  expire_link: boolean;
  expire_link_days: string;
  redirect_link_for_expire: string;
  expire_link_after_first_click: boolean;
  redirect_link_after_first_click: string;
  is_filtering_state_phone_number: boolean;
  state_attribute_id: Choice;
  redirect_link_for_state_filtered: string;
  is_block_desktop_traffic: boolean;
  redirect_link_for_block_desktop_traffic: string;
  is_2fa_link_view: boolean;
  two_fa_automation_campaign_id: Choice;
  click_automation_campaign_id: Choice;
  tmo_limit_automation_campaign_id: Choice;
  need_send_welcome_message: boolean;
  welcome_message_text: string;
  is_tracking_revenue: boolean;
  /** The pre-send warnings acknowledged, by finding (contracts `message-checks.ts`). */
  acknowledged_checks: string[];
  // Email
  sender_type: EmailSenderType;
  sender_email: string;
  sender_username: string;
  sender_domain: string;
  sender_email_group_id: Choice;
  from_name: string;
  subject: string;
  pre_header: string;
  is_tracking_opens: boolean;
  /** 0: off; a saved version (1, 2 …) is kept as it was. */
  clicks_tracking_version: number;
}

/** A split's part: `part_id` keeps an existing part on edit (not `id`: field arrays reserve that name). */
export interface PartValues extends ContentValues {
  part_id: number | null;
  name: string;
}

/** The step editor's values: the request's shape, so the contract's and the server's messages land on the fields. */
export interface StepFormValues extends ContentValues {
  type: StepType;
  name: string;
  delay: string;
  delay_time_period: DelayPeriod;
  parts: PartValues[];
}

/** Part A, Part B … Part Z, Part AA … (a split has up to 50). */
export function partLetter(index: number): string {
  let n = index;
  let letters = "";
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return letters;
}

export const hasLink = (message: string) => message.includes(LINK_PLACEHOLDER);

export function blankContent(): ContentValues {
  return {
    message: "",
    redirect_to: "",
    short_url_domain_id: "",
    expire_link: false,
    expire_link_days: "",
    redirect_link_for_expire: "",
    expire_link_after_first_click: false,
    redirect_link_after_first_click: "",
    is_filtering_state_phone_number: false,
    state_attribute_id: "",
    redirect_link_for_state_filtered: "",
    is_block_desktop_traffic: false,
    redirect_link_for_block_desktop_traffic: "",
    is_2fa_link_view: false,
    two_fa_automation_campaign_id: "",
    click_automation_campaign_id: "",
    tmo_limit_automation_campaign_id: "",
    need_send_welcome_message: false,
    welcome_message_text: "",
    is_tracking_revenue: false,
    acknowledged_checks: [],
    sender_type: "email",
    sender_email: "",
    sender_username: "",
    sender_domain: "",
    sender_email_group_id: "",
    from_name: "",
    subject: "",
    pre_header: "",
    is_tracking_opens: false,
    clicks_tracking_version: 0,
  };
}

export const blankPart = (index: number): PartValues => ({ ...blankContent(), part_id: null, name: `Part ${partLetter(index)}` });

/** A new step: of the campaign's channel, no delay (0 min). */
export function newStepValues(channel: Channel): StepFormValues {
  return { ...blankContent(), type: channel, name: "", delay: "0", delay_time_period: "min", parts: [] };
}

/** The split's parts at `count` (1–50): the first ones kept as they are, new ones blank. */
export function resizeParts(parts: readonly PartValues[], count: number): PartValues[] {
  const n = Math.min(SplitPartLimits.max, Math.max(SplitPartLimits.min, Math.trunc(count) || SplitPartLimits.min));
  return Array.from({ length: n }, (_, i) => parts[i] ?? blankPart(i));
}

type Saved = Omit<CampaignStep, "steps">;
const flag = (o: Record<string, unknown>, k: string) => o[k] === true;
const str = (o: Record<string, unknown>, k: string) =>
  typeof o[k] === "string" ? (o[k] as string) : typeof o[k] === "number" ? String(o[k]) : "";
const id = (v: unknown): Choice => (typeof v === "number" ? v : "");

/** A saved sms or email step (or part) as the editor's fields. */
export function contentValues(s: Saved): ContentValues {
  const o = s.options ?? {};
  const senderType = str(o, "sender_type");
  return {
    message: s.message,
    redirect_to: s.redirect_to ?? "",
    short_url_domain_id: id(s.short_url_domain_id),
    expire_link: flag(o, "expire_link"),
    expire_link_days: str(o, "expire_link_days"),
    redirect_link_for_expire: str(o, "redirect_link_for_expire"),
    expire_link_after_first_click: flag(o, "expire_link_after_first_click"),
    redirect_link_after_first_click: str(o, "redirect_link_after_first_click"),
    is_filtering_state_phone_number: flag(o, "is_filtering_state_phone_number"),
    state_attribute_id: id(o.state_attribute_id),
    redirect_link_for_state_filtered: str(o, "redirect_link_for_state_filtered"),
    is_block_desktop_traffic: flag(o, "is_block_desktop_traffic"),
    redirect_link_for_block_desktop_traffic: str(o, "redirect_link_for_block_desktop_traffic"),
    is_2fa_link_view: flag(o, "is_2fa_link_view"),
    two_fa_automation_campaign_id: id(s.two_fa_automation_campaign_id),
    click_automation_campaign_id: id(s.click_automation_campaign_id),
    tmo_limit_automation_campaign_id: id(s.tmo_limit_automation_campaign_id),
    need_send_welcome_message: flag(o, "need_send_welcome_message"),
    welcome_message_text: str(o, "welcome_message_text"),
    is_tracking_revenue: flag(o, "is_tracking_revenue"),
    acknowledged_checks: Array.isArray(o.acknowledged_checks) ? o.acknowledged_checks.filter((k) => typeof k === "string") : [],
    sender_type: (EmailSenderTypes as readonly string[]).includes(senderType) ? (senderType as EmailSenderType) : "email",
    sender_email: str(o, "sender_email"),
    sender_username: str(o, "sender_username"),
    sender_domain: str(o, "sender_domain"),
    sender_email_group_id: id(o.sender_email_group_id),
    from_name: str(o, "from_name"),
    subject: s.subject ?? "",
    pre_header: str(o, "pre_header"),
    is_tracking_opens: flag(o, "is_tracking_opens"),
    clicks_tracking_version: typeof o.clicks_tracking_version === "number" ? o.clicks_tracking_version : 0,
  };
}

/** A saved step in the editor; a split shows its parts (none saved: the default two). */
export function stepValues(step: CampaignStep): StepFormValues {
  const period = (DelayPeriods as readonly string[]).includes(step.delay_time_period) ? step.delay_time_period : "min";
  const parts = step.steps.map((p): PartValues => ({ ...contentValues(p), part_id: p.id, name: p.name }));
  return {
    ...(step.type === "split" ? blankContent() : contentValues(step)),
    type: step.type,
    name: step.name,
    delay: String(step.delay),
    delay_time_period: period,
    parts: step.type === "split" && parts.length === 0 ? resizeParts([], SplitPartLimits.default) : parts,
  };
}
