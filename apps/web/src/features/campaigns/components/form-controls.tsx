import type { Campaign, SaveCampaign } from "@leadflow/contracts";
import { Stack } from "@mui/material";
import type { ReactNode } from "react";
import type { Path, UseFormReturn } from "react-hook-form";
import { type MessageKey, useT } from "../../../lib/i18n";
import type { CampaignFormOptions } from "../api/campaign-form-options";
import { type CampaignFormValues, isLocked } from "../model/campaign-form";

/** What each part of the Create/Edit Campaign dialog gets. */
export interface CampaignFieldsProps {
  form: UseFormReturn<CampaignFormValues, unknown, SaveCampaign>;
  /** The campaign being edited; none while creating. */
  campaign?: Campaign;
  /** While the dialog saves. */
  disabled: boolean;
}

export type CampaignOptionFieldsProps = CampaignFieldsProps & { options: CampaignFormOptions };

/**
 * The props every control of the dialog shares: `field("route_id", "campaigns.form.route")` binds the field to the
 * form with its label, off while saving; a field a started campaign locks is off then too, and says why.
 */
export function useCampaignField({ form, campaign, disabled }: CampaignFieldsProps) {
  const t = useT();
  return (name: Path<CampaignFormValues>, label: MessageKey) => {
    const locked = isLocked(campaign, name);
    return {
      name,
      control: form.control,
      label: t(label),
      disabled: disabled || locked,
      hint: locked ? t("campaigns.form.lockedHint") : undefined,
    };
  };
}

/** Fields side by side, one under another on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      {children}
    </Stack>
  );
}
