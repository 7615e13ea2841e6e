import type { Campaign } from "@leadflow/contracts";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { Button, Divider, Paper, Stack, Tooltip, Typography } from "@mui/material";
import { useId } from "react";
import { useT } from "../../../../lib/i18n";
import { useCampaignFormOptions } from "../../api/campaign-form-options";
import { settingSections } from "../model/settings-sections";
import { AudienceSection } from "./audience-section";
import { SettingsList } from "./settings-list";

interface SettingsPanelProps {
  campaign: Campaign;
  /** Opens Edit Campaign; null while the status locks editing. */
  onEdit: (() => void) | null;
  editHint?: string;
}

/**
 * The Campaign tab's Settings panel: the audience, then every field of the campaign read-only in
 * groups, with Edit opening the same dialog as the menu. Names the campaign gives only as ids come from the dialog's
 * option lists (cached for the dialog anyway).
 */
export function SettingsPanel({ campaign, onEdit, editHint }: SettingsPanelProps) {
  const t = useT();
  const titleId = useId();
  const options = useCampaignFormOptions(campaign.type, true);
  const rules = [...options.coolOffRules, ...options.inactiveRules, ...options.resetRules, ...options.increaseRules];
  const find = (list: { value: number; label: string }[]) => (id: number) => list.find((o) => o.value === id)?.label;
  const sections = settingSections(
    campaign,
    { rule: find(rules), lookupGateway: find(options.lookupGateways), spamGroup: find(options.spamGroups) },
    t,
  );

  const edit = (
    <Button size="small" variant="outlined" startIcon={<EditOutlinedIcon />} disabled={!onEdit} onClick={() => onEdit?.()}>
      {t("campaigns.detail.settings.edit")}
    </Button>
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ mb: 2, gap: 1, alignItems: "center", justifyContent: "space-between" }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t("campaigns.detail.settings.title")}
        </Typography>
        {onEdit || !editHint ? (
          edit
        ) : (
          <Tooltip title={editHint}>
            <span>{edit}</span>
          </Tooltip>
        )}
      </Stack>
      <AudienceSection campaign={campaign} />
      <Divider sx={{ my: 2.5 }} />
      <SettingsList campaign={campaign} sections={sections} />
    </Paper>
  );
}
