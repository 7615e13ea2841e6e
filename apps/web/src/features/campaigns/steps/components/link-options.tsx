import { StepLimits } from "@leadflow/contracts";
import type { ReactNode } from "react";
import { FormSelect, type SelectOption } from "../../../../components/form/form-select";
import { FormSwitch } from "../../../../components/form/form-switch";
import { FormTextField } from "../../../../components/form/form-text-field";
import { type MessageKey, useT } from "../../../../lib/i18n";
import { withRevenueToken } from "../model/revenue-token";
import type { ContentValues } from "../model/step-form";
import { LinkFields } from "./link-fields";
import { type ContentFieldsProps, fieldOf } from "./step-form-types";
import { UrlField } from "./url-field";
import { type StepFieldBinder, useStepField } from "./use-step-field";

type Key = keyof ContentValues;

/** An option that turns a visitor of the link away, and the link it sends them to instead. */
interface TurnAway {
  on: Key;
  label: MessageKey;
  redirect: Key;
  redirectLabel: MessageKey;
}

/** In the product's order (docs/product/campaigns.md, "Steps"). */
const TURN_AWAY: readonly TurnAway[] = [
  {
    on: "expire_link",
    label: "campaigns.steps.link.expire",
    redirect: "redirect_link_for_expire",
    redirectLabel: "campaigns.steps.link.redirectExpired",
  },
  {
    on: "expire_link_after_first_click",
    label: "campaigns.steps.link.firstClick",
    redirect: "redirect_link_after_first_click",
    redirectLabel: "campaigns.steps.link.redirectFirstClick",
  },
  {
    on: "is_filtering_state_phone_number",
    label: "campaigns.steps.link.stateFilter",
    redirect: "redirect_link_for_state_filtered",
    redirectLabel: "campaigns.steps.link.redirectState",
  },
  {
    on: "is_block_desktop_traffic",
    label: "campaigns.steps.link.blockDesktop",
    redirect: "redirect_link_for_block_desktop_traffic",
    redirectLabel: "campaigns.steps.link.redirectDesktop",
  },
];

/** The option's switch; while on, its own fields (`children`) and then where it sends the visitor. */
function TurnAwayOption({ option, field, children }: { option: TurnAway; field: StepFieldBinder; children?: ReactNode }) {
  return (
    <FormSwitch {...field(option.on, option.label)}>
      {children}
      <UrlField {...field(option.redirect, option.redirectLabel)} />
    </FormSwitch>
  );
}

const expireDays = { htmlInput: { min: 1, max: StepLimits.expireDays, step: 1, inputMode: "numeric" as const } };

/**
 * What `{{link}}` does (docs/product/campaigns.md): where it leads, on which short domain, when it expires, whom it
 * turns away, which trigger campaigns a view or click starts, and revenue tracking. Shown only while the message
 * holds the link.
 */
export function LinkOptions(props: ContentFieldsProps) {
  const t = useT();
  const field = useStepField(props);
  const { form, prefix, options } = props;
  const { getValues, setValue } = form;
  const none = t("campaigns.steps.link.none");
  // The fields an option has besides its redirect.
  const own: Partial<Record<Key, ReactNode>> = {
    expire_link: (
      <FormTextField {...field("expire_link_days", "campaigns.steps.link.expireDays")} type="number" fullWidth slotProps={expireDays} />
    ),
    is_filtering_state_phone_number: (
      <FormSelect
        {...field("state_attribute_id", "campaigns.steps.link.stateAttribute")}
        options={options.attributes.map((a) => ({ value: a.id, label: a.name }))}
        none={none}
      />
    ),
  };
  const trigger = (key: Key, label: MessageKey, list: readonly SelectOption[]) => (
    <FormSelect
      {...field(key, label)}
      options={list}
      none={none}
      hint={list.length === 0 ? t("campaigns.steps.link.noTriggerCampaigns") : undefined}
    />
  );
  // The switch's new value, the message as it is: the token goes on or comes off the link in the field itself.
  const trackRevenue = (on: boolean) => {
    const redirect = fieldOf(prefix, "redirect_to");
    const message = String(getValues(fieldOf(prefix, "message")) ?? "");
    setValue(redirect, withRevenueToken(String(getValues(redirect) ?? ""), on, message), { shouldDirty: true });
  };
  return (
    <LinkFields {...props}>
      {TURN_AWAY.map((option) => (
        <TurnAwayOption key={option.on} option={option} field={field}>
          {own[option.on]}
        </TurnAwayOption>
      ))}
      <FormSwitch {...field("is_2fa_link_view", "campaigns.steps.link.twoFa")}>
        {trigger("two_fa_automation_campaign_id", "campaigns.steps.link.twoFaCampaign", options.triggers.twoFa)}
      </FormSwitch>
      {trigger("click_automation_campaign_id", "campaigns.steps.link.clickCampaign", options.triggers.click)}
      {trigger("tmo_limit_automation_campaign_id", "campaigns.steps.link.tmoCampaign", options.triggers.tmo)}
      <FormSwitch
        {...field("is_tracking_revenue", "campaigns.steps.link.revenue")}
        hint={t("campaigns.steps.link.revenueHint")}
        onToggle={trackRevenue}
      />
    </LinkFields>
  );
}
