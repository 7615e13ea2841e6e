import {
  type Campaign,
  CampaignChannel,
  CampaignFrequencyPeriods,
  type CampaignLockedFields,
  CampaignTriggerLabels,
  isTriggerType,
} from "@leadflow/contracts";
import dayjs from "dayjs";
import { DATE_TIME_FORMAT } from "../../../../lib/format";
import type { MessageKey, t as translate } from "../../../../lib/i18n";
import { formatMoney } from "../../model/format";
import { isoToZoned } from "../../model/zoned-time";

export interface SettingRow {
  label: MessageKey;
  value: string;
  /** The field that locks once the campaign has started (the row shows a lock then). */
  field?: (typeof CampaignLockedFields)[number];
}

export interface SettingSection {
  title: MessageKey;
  rows: SettingRow[];
}

/** Names the campaign answer carries only as ids: rules, the lookup gateway, spam groups (from the dialog's options). */
export interface SettingNames {
  rule: (id: number) => string | undefined;
  lookupGateway: (id: number) => string | undefined;
  spamGroup: (id: number) => string | undefined;
}

type T = typeof translate;

/** A start is typed as the wall clock of the campaign's zone: it reads the same way here. */
function startText(c: Campaign, t: T): string {
  const wall = isoToZoned(c.started_at, c.started_at_tz);
  return wall ? dayjs(wall).format(DATE_TIME_FORMAT) : t("campaigns.detail.settings.startsOnActive");
}

function senderRows(c: Campaign, t: T): SettingRow[] {
  const notSet = t("campaigns.detail.settings.notSet");
  const rows: SettingRow[] = [
    { label: "campaigns.detail.settings.type", value: c.type_label, field: "type" },
    { label: "campaigns.detail.settings.senderType", value: t(`campaigns.form.sender.${c.sender_type}`), field: "sender_type" },
  ];
  if (c.sender_type === "route") rows.push({ label: "campaigns.detail.settings.route", value: c.route_label ?? notSet, field: "route_id" });
  else if (c.sender_type === "pool")
    rows.push({ label: "campaigns.detail.settings.pool", value: c.pool_label ?? notSet, field: "pool_id" });
  else rows.push({ label: "campaigns.detail.settings.gateway", value: c.gateway_label ?? notSet });
  if (CampaignChannel[c.type] === "sms" && c.sender_type === "gateway")
    rows.push({
      label: "campaigns.detail.settings.messagingService",
      value: c.ms_name || c.ms_sid || t("campaigns.form.messagingServiceNone"),
    });
  return rows;
}

/**
 * Every setting of the campaign in the Settings panel's groups, as label and text; sections that
 * do not apply to the type (triggers, email) are left out.
 */
export function settingSections(c: Campaign, names: SettingNames, t: T): SettingSection[] {
  const yesNo = (on: boolean) => t(on ? "campaigns.detail.settings.yes" : "campaigns.detail.settings.no");
  const none = t("campaigns.detail.settings.none");
  const noLimit = t("campaigns.detail.settings.noLimit");
  const named = (id: number | null, find: (id: number) => string | undefined) => (id === null ? none : (find(id) ?? `#${id}`));
  const email = CampaignChannel[c.type] === "email";
  const period = c.frequency_period_label ?? CampaignFrequencyPeriods[c.frequency_period as keyof typeof CampaignFrequencyPeriods] ?? "";

  const sections: SettingSection[] = [
    { title: "campaigns.detail.settings.sender", rows: senderRows(c, t) },
    {
      title: "campaigns.detail.settings.schedule",
      rows: [
        { label: "campaigns.detail.settings.startAt", value: startText(c, t) },
        { label: "campaigns.detail.settings.timeZone", value: c.started_at_tz },
        {
          label: "campaigns.detail.settings.dailyWindow",
          field: "daytime_limitation",
          value:
            c.daytime_limitation && c.run_daily_from && c.run_daily_to
              ? t("campaigns.detail.settings.window", { from: c.run_daily_from.slice(0, 5), to: c.run_daily_to.slice(0, 5) })
              : t("campaigns.detail.settings.anyTime"),
        },
        { label: "campaigns.detail.settings.byLeadZone", value: yesNo(c.need_send_by_timezones) },
        // "Any time" and "No" above are the campaign's own window: the law's hours hold texts whatever they say.
        {
          label: "campaigns.waiting.quietHours",
          value: t(email ? "campaigns.waiting.quietHoursEmail" : "campaigns.waiting.quietHoursSms"),
        },
      ],
    },
    {
      title: "campaigns.detail.settings.pacing",
      rows: [
        {
          label: "campaigns.detail.settings.frequency",
          value:
            c.frequency_count !== null && c.frequency_period !== null
              ? t("campaigns.detail.settings.perPeriod", { count: c.frequency_count.toLocaleString("en-US"), period: period.toLowerCase() })
              : noLimit,
        },
        { label: "campaigns.detail.settings.dailyLimit", value: c.daily_limit ? c.daily_limit.toLocaleString("en-US") : noLimit },
      ],
    },
    {
      title: "campaigns.detail.settings.rules",
      rows: [
        { label: "campaigns.detail.settings.coolOff", value: c.cool_off_rule?.name ?? named(c.cool_off_rule_id, names.rule) },
        ...(email
          ? []
          : [
              {
                label: "campaigns.detail.settings.inactiveDevice",
                value: c.inactive_device_rule?.name ?? named(c.inactive_device_rule_id, names.rule),
              } satisfies SettingRow,
            ]),
        { label: "campaigns.detail.settings.resetFrequency", value: named(c.set_frequency_rule_id, names.rule) },
        { label: "campaigns.detail.settings.increaseFrequency", value: named(c.increase_frequency_rule_id, names.rule) },
      ],
    },
    {
      title: "campaigns.detail.settings.verification",
      rows: [
        { label: "campaigns.detail.settings.onlyVerified", value: yesNo(c.only_verified_leads), field: "only_verified_leads" },
        { label: "campaigns.detail.settings.onlyConsentProof", value: yesNo(c.only_consent_proof) },
        ...(c.only_verified_leads
          ? [
              {
                label: "campaigns.detail.settings.lookupGateway",
                value: named(c.lookup_gateway_id, names.lookupGateway),
              } satisfies SettingRow,
            ]
          : []),
      ],
    },
  ];

  if (isTriggerType(c.type))
    sections.push({
      title: "campaigns.detail.settings.triggers",
      rows: [
        {
          label: "campaigns.detail.settings.triggers",
          field: "triggers",
          value: c.triggers.map((trigger) => CampaignTriggerLabels[trigger]).join(", ") || none,
        },
      ],
    });

  if (email)
    sections.push({
      title: "campaigns.detail.settings.email",
      rows: [
        { label: "campaigns.detail.settings.replyTo", value: c.reply_to ?? t("campaigns.detail.settings.notSet") },
        { label: "campaigns.detail.settings.spamTest", value: yesNo(c.send_test_spam_emails) },
        ...(c.send_test_spam_emails
          ? [
              {
                label: "campaigns.detail.settings.spamGroups",
                value: c.spam_email_groups.map((id) => names.spamGroup(id) ?? `#${id}`).join(", ") || none,
              } satisfies SettingRow,
              {
                label: "campaigns.detail.settings.spamInterval",
                value:
                  c.send_spam_email_interval === null
                    ? none
                    : t("campaigns.detail.settings.minutes", { count: c.send_spam_email_interval }),
              } satisfies SettingRow,
            ]
          : []),
      ],
    });

  sections.push({
    title: "campaigns.detail.settings.price",
    rows: [
      {
        label: email ? "campaigns.detail.settings.pricePerEmail" : "campaigns.detail.settings.pricePerPart",
        value: c.part_price === null ? t("campaigns.detail.settings.noSender") : formatMoney(c.part_price),
      },
    ],
  });
  return sections;
}
