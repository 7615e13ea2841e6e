import type { CampaignStep } from "@leadflow/contracts";
import { Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { ConfirmDialog } from "../../../../components/confirm-dialog/confirm-dialog";
import { useLastOpenValue } from "../../../../components/form/use-last-open-value";
import { errorMessage } from "../../../../lib/errors";
import { tn, useT } from "../../../../lib/i18n";
import { useDeleteStep } from "../../api/campaign-steps.api";

/** Delete a step (and a split's parts) after asking; the server's refusal (not a draft any more) shows in the dialog. */
export function DeleteStepDialog({ campaignId, step, onClose }: { campaignId: number; step: CampaignStep | null; onClose: () => void }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeleteStep(campaignId);
  const shown = useLastOpenValue(step !== null, step);
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!shown) return;
    remove.mutate(shown.id, {
      onSuccess: (answer) => {
        enqueueSnackbar(answer.message, { variant: "success" });
        close();
      },
    });
  };
  return (
    <ConfirmDialog
      open={step !== null}
      title={t("campaigns.steps.deleteTitle")}
      message={
        <>
          <Typography>{t("campaigns.steps.deleteConfirm", { name: shown?.name ?? "" })}</Typography>
          {shown?.type === "split" && shown.steps.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t("campaigns.steps.deleteSplit", { parts: tn("campaigns.steps.parts", shown.steps.length) })}
            </Typography>
          )}
        </>
      }
      loading={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : undefined}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
