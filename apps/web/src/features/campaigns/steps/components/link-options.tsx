import { StepLimits } from "@leadflow/contracts";
import { Alert } from "@mui/material";
import { useWatch } from "react-hook-form";
import { useT } from "../../../../lib/i18n";
import type { StepEditorOptions } from "../../api/campaign-steps.api";
import { withRevenueToken } from "../model/revenue-token";
import { FieldGroup, type PickOption, SelectInput, SwitchInput, TextInput } from "./controls";
import { type FieldPrefix, fieldOf, type StepForm } from "./step-form-types";

export interface LinkOptionsProps {
  form: StepForm;
  prefix: FieldPrefix;
  options: StepEditorOptions;
  disabled?: boolean;
}

const urlInput = { htmlInput: { maxLength: StepLimits.url, inputMode: "url" as const, autoComplete: "off" } };

/**
 * What `{{link}}` does (spec 3 §3 SMS step extras): where it leads, on which short domain, when it expires, whom it
 * turns away, which trigger campaigns a view or click starts, and revenue tracking. Shown only while the message
 * holds the link.
 */
export function LinkOptions({ form, prefix, options, disabled }: LinkOptionsProps) {
  const t = useT();
  const { control, getValues, setValue } = form;
  const f = (key: Parameters<typeof fieldOf>[1]) => fieldOf(prefix, key);
  const attributes = options.attributes.map((a) => ({ value: a.id, label: a.name }));
  const trigger = (name: Parameters<typeof fieldOf>[1], label: string, list: PickOption[]) => (
    <SelectInput
      control={control}
      name={f(name)}
      label={label}
      options={list}
      none={t("campaigns.steps.link.none")}
      hint={list.length === 0 ? t("campaigns.steps.link.noTriggerCampaigns") : undefined}
      disabled={disabled}
    />
  );
  // The switch's new value, the message as it is: the token goes on or comes off the link in the field itself.
  const trackRevenue = (on: boolean) => {
    const redirect = String(getValues(f("redirect_to")) ?? "");
    setValue(f("redirect_to"), withRevenueToken(redirect, on, String(getValues(f("message")) ?? "")), { shouldDirty: true });
  };
  const domain = useWatch({ control, name: f("short_url_domain_id") });
  return (
    <FieldGroup title={t("campaigns.steps.link.title")}>
      <TextInput
        control={control}
        name={f("redirect_to")}
        label={t("campaigns.steps.link.redirectTo")}
        hint={t("campaigns.steps.link.redirectHint")}
        placeholder="https://"
        disabled={disabled}
        slotProps={urlInput}
      />
      {options.shortDomainsLoaded && options.shortDomains.length === 0 && domain === "" ? (
        <Alert severity="info" variant="outlined">
          {t("campaigns.steps.link.noDomains")}
        </Alert>
      ) : (
        <SelectInput
          control={control}
          name={f("short_url_domain_id")}
          label={t("campaigns.steps.link.domain")}
          options={options.shortDomains}
          none={t("campaigns.steps.link.domainDefault")}
          disabled={disabled}
        />
      )}
      <SwitchInput control={control} name={f("expire_link")} label={t("campaigns.steps.link.expire")} disabled={disabled}>
        <TextInput
          control={control}
          name={f("expire_link_days")}
          label={t("campaigns.steps.link.expireDays")}
          type="number"
          disabled={disabled}
          slotProps={{ htmlInput: { min: 1, max: StepLimits.expireDays, step: 1, inputMode: "numeric" } }}
        />
        <TextInput
          control={control}
          name={f("redirect_link_for_expire")}
          label={t("campaigns.steps.link.redirectExpired")}
          placeholder="https://"
          disabled={disabled}
          slotProps={urlInput}
        />
      </SwitchInput>
      <SwitchInput
        control={control}
        name={f("expire_link_after_first_click")}
        label={t("campaigns.steps.link.firstClick")}
        disabled={disabled}
      >
        <TextInput
          control={control}
          name={f("redirect_link_after_first_click")}
          label={t("campaigns.steps.link.redirectFirstClick")}
          placeholder="https://"
          disabled={disabled}
          slotProps={urlInput}
        />
      </SwitchInput>
      <SwitchInput
        control={control}
        name={f("is_filtering_state_phone_number")}
        label={t("campaigns.steps.link.stateFilter")}
        disabled={disabled}
      >
        <SelectInput
          control={control}
          name={f("state_attribute_id")}
          label={t("campaigns.steps.link.stateAttribute")}
          options={attributes}
          none={t("campaigns.steps.link.none")}
          disabled={disabled}
        />
        <TextInput
          control={control}
          name={f("redirect_link_for_state_filtered")}
          label={t("campaigns.steps.link.redirectState")}
          placeholder="https://"
          disabled={disabled}
          slotProps={urlInput}
        />
      </SwitchInput>
      <SwitchInput
        control={control}
        name={f("is_block_desktop_traffic")}
        label={t("campaigns.steps.link.blockDesktop")}
        disabled={disabled}
      >
        <TextInput
          control={control}
          name={f("redirect_link_for_block_desktop_traffic")}
          label={t("campaigns.steps.link.redirectDesktop")}
          placeholder="https://"
          disabled={disabled}
          slotProps={urlInput}
        />
      </SwitchInput>
      <SwitchInput control={control} name={f("is_2fa_link_view")} label={t("campaigns.steps.link.twoFa")} disabled={disabled}>
        {trigger("two_fa_automation_campaign_id", t("campaigns.steps.link.twoFaCampaign"), options.triggers.twoFa)}
      </SwitchInput>
      {trigger("click_automation_campaign_id", t("campaigns.steps.link.clickCampaign"), options.triggers.click)}
      {trigger("tmo_limit_automation_campaign_id", t("campaigns.steps.link.tmoCampaign"), options.triggers.tmo)}
      <SwitchInput
        control={control}
        name={f("is_tracking_revenue")}
        label={t("campaigns.steps.link.revenue")}
        hint={t("campaigns.steps.link.revenueHint")}
        disabled={disabled}
        onToggle={trackRevenue}
      />
    </FieldGroup>
  );
}
