import {
  type Campaign,
  CampaignChannel,
  CampaignLockedFields,
  type CampaignSenderType,
  CampaignSenderTypesByChannel,
  type CampaignType,
  isTriggerType,
  type SaveCampaign,
} from "@leadflow/contracts";
import { browserZone, isoToZoned, zonedToIso } from "./zoned-time";

/**
 * The dialog's values: the contract's fields, with the schedule as a wall-clock time in its zone and empty picks as
 * "" (what a select shows for none). `toSaveCampaign` turns them into the request; the contract checks the rest.
 */
export interface CampaignFormValues {
  name: string;
  type: CampaignType;
  sender_type: CampaignSenderType;
  setting_gateway_id: number | "";
  route_id: number | "";
  pool_id: number | "";
  ms_sid: string;
  ms_name: string;
  started_at: string;
  started_at_tz: string;
  daytime_limitation: boolean;
  run_daily_from: string;
  run_daily_to: string;
  need_send_by_timezones: boolean;
  frequency_count: string;
  frequency_period: number | "";
  daily_limit: string;
  cool_off_rule_id: number | "";
  inactive_device_rule_id: number | "";
  set_frequency_rule_id: number | "";
  increase_frequency_rule_id: number | "";
  only_verified_leads: boolean;
  lookup_gateway_id: number | "";
  only_consent_proof: boolean;
  triggers: string[];
  send_test_spam_emails: boolean;
  spam_email_groups: number[];
  send_spam_email_interval: string;
  reply_to: string;
}

const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
const pick = (v: number | null) => v ?? ("" as const);
const str = (v: number | null) => (v === null ? "" : String(v));

/** A new campaign: SMS through a gateway, the browser's zone, the daily window from now to five hours later. */
export function newCampaignValues(now = new Date(), zone = browserZone()): CampaignFormValues {
  return {
    name: "",
    type: "sms",
    sender_type: "gateway",
    setting_gateway_id: "",
    route_id: "",
    pool_id: "",
    ms_sid: "",
    ms_name: "",
    started_at: "",
    started_at_tz: zone,
    daytime_limitation: false,
    run_daily_from: hhmm(now),
    run_daily_to: hhmm(new Date(now.getTime() + 5 * 3_600_000)),
    need_send_by_timezones: false,
    frequency_count: "",
    frequency_period: "",
    daily_limit: "",
    cool_off_rule_id: "",
    inactive_device_rule_id: "",
    set_frequency_rule_id: "",
    increase_frequency_rule_id: "",
    only_verified_leads: false,
    only_consent_proof: false,
    lookup_gateway_id: "",
    triggers: [],
    send_test_spam_emails: false,
    spam_email_groups: [],
    send_spam_email_interval: "",
    reply_to: "",
  };
}

export function campaignValues(c: Campaign, now = new Date()): CampaignFormValues {
  const fresh = newCampaignValues(now, c.started_at_tz);
  return {
    ...fresh,
    name: c.name,
    type: c.type,
    sender_type: c.sender_type,
    setting_gateway_id: pick(c.setting_gateway_id),
    route_id: pick(c.route_id),
    pool_id: pick(c.pool_id),
    ms_sid: c.ms_sid ?? "",
    ms_name: c.ms_name ?? "",
    started_at: isoToZoned(c.started_at, c.started_at_tz),
    started_at_tz: c.started_at_tz,
    daytime_limitation: c.daytime_limitation,
    run_daily_from: c.run_daily_from ?? fresh.run_daily_from,
    run_daily_to: c.run_daily_to ?? fresh.run_daily_to,
    need_send_by_timezones: c.need_send_by_timezones,
    frequency_count: str(c.frequency_count),
    frequency_period: pick(c.frequency_period),
    daily_limit: str(c.daily_limit),
    cool_off_rule_id: pick(c.cool_off_rule_id),
    inactive_device_rule_id: pick(c.inactive_device_rule_id),
    set_frequency_rule_id: pick(c.set_frequency_rule_id),
    increase_frequency_rule_id: pick(c.increase_frequency_rule_id),
    only_verified_leads: c.only_verified_leads,
    lookup_gateway_id: pick(c.lookup_gateway_id),
    only_consent_proof: c.only_consent_proof,
    triggers: [...c.triggers],
    send_test_spam_emails: c.send_test_spam_emails,
    spam_email_groups: [...c.spam_email_groups],
    send_spam_email_interval: str(c.send_spam_email_interval),
    reply_to: c.reply_to ?? "",
  };
}

/**
 * The request body: picks the chosen sender type does not use are cleared (a route left over from switching to a
 * gateway would otherwise be saved), the window is sent only with day-parting on, channel-only fields only on their
 * channel, and the wall-clock schedule becomes an instant in its zone.
 */
export function toSaveCampaign(v: CampaignFormValues): Record<keyof SaveCampaign, unknown> {
  const channel = CampaignChannel[v.type];
  const senderType = (CampaignSenderTypesByChannel[channel] as readonly string[]).includes(v.sender_type) ? v.sender_type : "gateway";
  const email = channel === "email";
  const spam = email && v.send_test_spam_emails;
  return {
    name: v.name,
    type: v.type,
    sender_type: senderType,
    setting_gateway_id: senderType === "gateway" ? v.setting_gateway_id : null,
    route_id: senderType === "route" ? v.route_id : null,
    pool_id: senderType === "pool" ? v.pool_id : null,
    ms_sid: senderType === "gateway" && !email ? v.ms_sid : null,
    ms_name: senderType === "gateway" && !email && v.ms_sid ? v.ms_name : null,
    started_at: v.started_at ? zonedToIso(v.started_at, v.started_at_tz) : null,
    started_at_tz: v.started_at_tz,
    daytime_limitation: v.daytime_limitation,
    run_daily_from: v.daytime_limitation ? v.run_daily_from : null,
    run_daily_to: v.daytime_limitation ? v.run_daily_to : null,
    need_send_by_timezones: v.need_send_by_timezones,
    frequency_count: v.frequency_count,
    frequency_period: v.frequency_period,
    daily_limit: v.daily_limit,
    cool_off_rule_id: v.cool_off_rule_id,
    inactive_device_rule_id: email ? null : v.inactive_device_rule_id,
    set_frequency_rule_id: v.set_frequency_rule_id,
    increase_frequency_rule_id: v.increase_frequency_rule_id,
    only_verified_leads: v.only_verified_leads,
    lookup_gateway_id: v.only_verified_leads ? v.lookup_gateway_id : null,
    only_consent_proof: v.only_consent_proof,
    triggers: isTriggerType(v.type) ? v.triggers : [],
    send_test_spam_emails: spam,
    spam_email_groups: spam ? v.spam_email_groups : [],
    send_spam_email_interval: spam ? v.send_spam_email_interval : null,
    reply_to: email ? v.reply_to : null,
  };
}

/** Fields a started campaign may no longer change (docs/product/campaigns.md); the server refuses them too. */
export function isLocked(campaign: Pick<Campaign, "is_started"> | undefined, field: string): boolean {
  return !!campaign?.is_started && (CampaignLockedFields as readonly string[]).includes(field);
}
