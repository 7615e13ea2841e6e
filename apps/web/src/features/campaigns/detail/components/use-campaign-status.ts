import type { Campaign, CampaignManualStatus } from "@leadflow/contracts";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { useAppConfig } from "../../../../lib/app-config";
import { errorMessage } from "../../../../lib/errors";
import { useT } from "../../../../lib/i18n";
import { useBatchCampaignStatus } from "../../api/campaigns.api";
import type { SendPreviewDialogProps } from "../../preview/send-preview-dialog";
import { statusMenuChoices } from "../model/campaign-actions";
import { runStatusChange, statusChipView } from "../model/status-change";

/** The campaign page's Set status: its choices, the change itself, and what the status chip shows meanwhile. */
export function useCampaignStatus(campaign: Campaign) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const config = useAppConfig();
  const setStatus = useBatchCampaignStatus();
  const [updating, setUpdating] = useState(false);

  const [previewing, setPreviewing] = useState(false);

  const run = (status: CampaignManualStatus) =>
    runStatusChange({
      send: () => setStatus.mutateAsync({ ids: [campaign.id], status }),
      setUpdating,
      alert: (a) => enqueueSnackbar(a.message, { variant: a.variant }),
      doneText: t("campaigns.statusUpdated"),
      failText: (e) => errorMessage(e, t("campaigns.detail.statusError")),
    });
  // Active first shows the Send preview; its Start sending performs the change.
  const change = (status: CampaignManualStatus) => (status === "active" ? setPreviewing(true) : void run(status));
  const preview: SendPreviewDialogProps = {
    open: previewing,
    ids: [campaign.id],
    busy: updating,
    onConfirm: () => void run("active").finally(() => setPreviewing(false)),
    onClose: () => setPreviewing(false),
  };

  return {
    updating,
    change,
    preview,
    choices: statusMenuChoices(config.data?.campaign_manual_status_list ?? [], campaign),
    chip: statusChipView(campaign, updating, t("campaigns.detail.updating")),
  };
}
