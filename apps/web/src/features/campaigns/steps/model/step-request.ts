import { SaveStep } from "@leadflow/contracts";
import { z } from "zod";
import { withRevenueToken } from "./revenue-token";
import { blankContent, type ContentValues, hasLink, type StepFormValues } from "./step-form";
import type { Channel } from "./tags";

/*
 * The step editor's values as the request (SaveStep): only the fields of the step's channel, and of the options that
 * are on. The contract checks this request in the browser, so its messages name the form's fields.
 */

const orNull = <T>(on: boolean, v: T) => (on ? v : null);
const blankNull = (v: string) => (v.trim() === "" ? null : v);

/**
 * An SMS step's body. Link options apply only with `{{link}}` in the message: without it they are sent
 * off, so a hidden field can neither keep a stale option nor fail the save unseen. Each redirect goes only with its
 * switch on.
 */
function smsBody(c: ContentValues) {
  const link = hasLink(c.message);
  const on = (v: boolean) => link && v;
  return {
    message: c.message,
    redirect_to: link ? withRevenueToken(c.redirect_to, c.is_tracking_revenue, c.message) : null,
    short_url_domain_id: link ? c.short_url_domain_id : null,
    expire_link: on(c.expire_link),
    expire_link_days: orNull(on(c.expire_link), blankNull(c.expire_link_days)),
    redirect_link_for_expire: orNull(on(c.expire_link), c.redirect_link_for_expire),
    expire_link_after_first_click: on(c.expire_link_after_first_click),
    redirect_link_after_first_click: orNull(on(c.expire_link_after_first_click), c.redirect_link_after_first_click),
    is_filtering_state_phone_number: on(c.is_filtering_state_phone_number),
    state_attribute_id: orNull(on(c.is_filtering_state_phone_number), c.state_attribute_id),
    redirect_link_for_state_filtered: orNull(on(c.is_filtering_state_phone_number), c.redirect_link_for_state_filtered),
    is_block_desktop_traffic: on(c.is_block_desktop_traffic),
    redirect_link_for_block_desktop_traffic: orNull(on(c.is_block_desktop_traffic), c.redirect_link_for_block_desktop_traffic),
    is_2fa_link_view: on(c.is_2fa_link_view),
    two_fa_automation_campaign_id: orNull(on(c.is_2fa_link_view), c.two_fa_automation_campaign_id),
    click_automation_campaign_id: link ? c.click_automation_campaign_id : null,
    tmo_limit_automation_campaign_id: link ? c.tmo_limit_automation_campaign_id : null,
    need_send_welcome_message: c.need_send_welcome_message,
    welcome_message_text: orNull(c.need_send_welcome_message, c.welcome_message_text),
    is_tracking_revenue: on(c.is_tracking_revenue),
    acknowledged_checks: c.acknowledged_checks.length ? c.acknowledged_checks : null,
  };
}

/** The From address an email step's sender type makes: the picked address, or user name @ domain; a group rotates. */
export function emailSender(c: Pick<ContentValues, "sender_type" | "sender_email" | "sender_username" | "sender_domain">): string {
  if (c.sender_type === "email") return c.sender_email.trim();
  if (c.sender_type === "domain" && c.sender_username.trim() && c.sender_domain.trim())
    return `${c.sender_username.trim()}@${c.sender_domain.trim()}`;
  return "";
}

/** An email step's body: only the sender fields of its sender type. */
function emailBody(c: ContentValues) {
  const type = c.sender_type;
  const link = hasLink(c.message);
  return {
    message: c.message,
    redirect_to: link ? c.redirect_to : null,
    short_url_domain_id: link ? c.short_url_domain_id : null,
    sender_type: type,
    sender_email: orNull(type === "email", c.sender_email),
    sender_username: orNull(type === "domain", c.sender_username),
    sender_domain: orNull(type === "domain", c.sender_domain),
    sender_email_group_id: orNull(type === "group", c.sender_email_group_id),
    sender: blankNull(emailSender(c)),
    from_name: c.from_name,
    subject: c.subject,
    pre_header: c.pre_header,
    is_tracking_opens: c.is_tracking_opens,
    clicks_tracking_version: c.clicks_tracking_version,
  };
}

const bodyOf = (channel: Channel, c: ContentValues) => (channel === "sms" ? smsBody(c) : emailBody(c));

/**
 * The request (SaveStep's input): a split's parts take the campaign's channel and keep their ids. An unknown type is
 * passed on for the contract to refuse.
 */
export function toSaveStep(v: StepFormValues, channel: Channel): Record<string, unknown> {
  const base = { name: v.name, delay: v.delay.trim() === "" ? 0 : v.delay.trim(), delay_time_period: v.delay_time_period };
  if (v.type !== "split") return { type: v.type, ...base, ...bodyOf(v.type === "email" ? "email" : "sms", v) };
  return {
    type: "split",
    ...base,
    parts: v.parts.map((p) => ({
      ...(p.part_id !== null ? { id: p.part_id } : {}),
      type: channel,
      name: p.name,
      // The split's delay is the one that waits; a part's own is not read, and would repeat the split's errors unseen.
      delay: 0,
      delay_time_period: "min",
      ...bodyOf(channel, p),
    })),
  };
}

/** The contract checks the request the values make, so its messages land on the same field names. */
export function stepFormSchema(channel: Channel) {
  return z.preprocess((v) => toSaveStep(v as StepFormValues, channel), SaveStep) as unknown as z.ZodType<SaveStep, StepFormValues>;
}

const FIELDS = new Set<string>([...Object.keys(blankContent()), "name", "delay", "delay_time_period", "type", "parts"]);
const PART_FIELD = /^parts\.(\d+)\.(\w+)$/;

/**
 * Where a 422's key shows: the form's field of the same name (a part's as `parts.N.field`). Anything else (the
 * derived `sender`, a part's name) goes to the alert.
 */
export function stepServerField(key: string): string | null {
  const part = PART_FIELD.exec(key);
  const [prefix, field] = part ? [`parts.${part[1]}.`, part[2]!] : ["", key];
  // A part's name and type are not fields of their own (the editor names them and gives them the channel).
  if (part && (field === "name" || field === "type" || field === "parts")) return null;
  return FIELDS.has(field) ? `${prefix}${field}` : null;
}
