import { type Campaign, type CampaignSaved, SaveCampaign } from "@leadflow/contracts";
import { Divider } from "@mui/material";
import { z } from "zod";
import { EntityForm } from "../../../components/form/entity-form";
import { EntityFormDialog } from "../../../components/form/entity-form-dialog";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { useCampaignFormOptions } from "../api/campaign-form-options";
import { useCreateCampaign, useUpdateCampaign } from "../api/campaigns.api";
import { type CampaignFormValues, campaignValues, newCampaignValues, toSaveCampaign } from "../model/campaign-form";
import { RuleFields } from "./rule-fields";
import { ScheduleFields } from "./schedule-fields";
import { SenderFields } from "./sender-fields";

export interface CampaignFormDialogProps {
  open: boolean;
  /** The campaign to edit; none creates one. */
  campaign?: Campaign;
  onClose: () => void;
  onSaved?: (campaign: Campaign) => void;
}

/** The contract checks the request the values make, so its messages land on the same field names. */
const FormSchema = z.preprocess((v) => toSaveCampaign(v as CampaignFormValues), SaveCampaign) as unknown as z.ZodType<
  SaveCampaign,
  CampaignFormValues
>;

function CampaignForm({ campaign, onSaved }: { campaign?: Campaign; onSaved?: (c: Campaign) => void }) {
  const t = useT();
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const form = useEntityForm<CampaignFormValues, SaveCampaign, CampaignSaved>({
    schema: FormSchema,
    defaults: campaign ? campaignValues(campaign) : newCampaignValues(),
    submit: (body) => (campaign ? update.mutateAsync({ id: campaign.id, ...body }) : create.mutateAsync(body)),
    success: (answer) => answer.message,
    onSaved: (answer) => onSaved?.(answer.data),
  });
  const type = form.form.watch("type");
  const options = useCampaignFormOptions(type, true);
  const disabled = form.pending;
  return (
    <EntityForm
      form={form}
      title={campaign ? t("campaigns.form.editTitle") : t("campaigns.form.createTitle")}
      error={options.error ? t("campaigns.form.optionsError") : undefined}
    >
      <SenderFields form={form.form} options={options} campaign={campaign} disabled={disabled} />
      <Divider />
      <ScheduleFields form={form.form} campaign={campaign} disabled={disabled} />
      <Divider />
      <RuleFields form={form.form} options={options} campaign={campaign} disabled={disabled} />
    </EntityForm>
  );
}

/** Create Campaign / Edit Campaign: the campaign page opens it to edit, the list to create. */
export function CampaignFormDialog({ open, campaign, onClose, onSaved }: CampaignFormDialogProps) {
  return (
    <EntityFormDialog open={open} onClose={onClose} entity={campaign} maxWidth="sm">
      {(shown) => <CampaignForm campaign={shown} onSaved={onSaved} />}
    </EntityFormDialog>
  );
}
