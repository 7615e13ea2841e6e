import { type Campaign, CampaignChannel, type CampaignManualStatus } from "@leadflow/contracts";
import ContentCopyIcon from "@mui/icons-material/ContentCopyOutlined";
import CreateNewFolderIcon from "@mui/icons-material/CreateNewFolderOutlined";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import LabelOutlinedIcon from "@mui/icons-material/LabelOutlined";
import LinkOffIcon from "@mui/icons-material/LinkOff";
import { Stack, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "../../../../components/confirm-dialog/confirm-dialog";
import type { ContextMenuItem } from "../../../../components/context-menu/context-menu";
import { DeleteError } from "../../../../components/page-state/delete-error";
import { useAccountPath } from "../../../../lib/account-context";
import { errorMessage } from "../../../../lib/errors";
import { useT } from "../../../../lib/i18n";
import { useCopyCampaigns, useDeleteCampaign, useExpireCampaignLinks } from "../../api/campaigns.api";
import { CampaignFormDialog } from "../../components/campaign-form-dialog";
import { SendPreviewDialog } from "../../preview/send-preview-dialog";
import { canEditCampaign, offersCreateSegment } from "../model/campaign-actions";
import { CreateSegmentDialog } from "./create-segment-dialog";
import { useCampaignStatus } from "./use-campaign-status";

type Confirming = "copy" | "remove" | "expire" | null;

/**
 * The campaign page's menu: Edit Campaign, Copy Campaign, Set status, Expire All Links, Create Segment
 * (completed, failed or paused campaigns; not while a status update runs) and Remove Campaign, with the dialogs they
 * open and the status change the chip follows.
 */
export function useCampaignActions(campaign: Campaign) {
  const t = useT();
  const p = useAccountPath();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const status = useCampaignStatus(campaign);
  const copy = useCopyCampaigns();
  const expire = useExpireCampaignLinks();
  const remove = useDeleteCampaign((message) => {
    enqueueSnackbar(message, { variant: "success" });
    navigate(p("campaigns"), { replace: true });
  });
  const [editing, setEditing] = useState(false);
  const [creatingSegment, setCreatingSegment] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const close = () => setConfirming(null);
  const ask = (what: Exclude<Confirming, null>) => {
    copy.reset();
    expire.reset();
    remove.reset();
    setConfirming(what);
  };

  const editable = canEditCampaign(campaign.status);
  const editHint = editable ? undefined : t("campaigns.detail.editLocked");
  const edit = editable ? () => setEditing(true) : null;

  const items: ContextMenuItem[] = [
    {
      key: "edit",
      label: t("campaigns.detail.edit"),
      icon: <EditOutlinedIcon />,
      disabled: !editable,
      hint: editHint,
      onClick: () => setEditing(true),
    },
    { key: "copy", label: t("campaigns.detail.copy"), icon: <ContentCopyIcon />, onClick: () => ask("copy") },
    {
      key: "setStatus",
      label: t("campaigns.detail.setStatus"),
      icon: <LabelOutlinedIcon />,
      disabled: status.updating || status.choices.length === 0,
      hint: status.choices.length === 0 ? t("campaigns.detail.noStatusChoices") : undefined,
      children: status.choices.map((o) => ({
        key: `status-${o.key}`,
        label: o.label,
        onClick: () => status.change(o.key as CampaignManualStatus),
      })),
    },
    { key: "expireLinks", label: t("campaigns.detail.expireLinks"), icon: <LinkOffIcon />, onClick: () => ask("expire") },
    ...(offersCreateSegment(campaign.status)
      ? [
          {
            key: "createSegment",
            label: t("campaigns.detail.createSegment"),
            icon: <CreateNewFolderIcon />,
            disabled: status.updating,
            hint: status.updating ? t("campaigns.detail.segment.updating") : undefined,
            onClick: () => setCreatingSegment(true),
          },
        ]
      : []),
    { key: "remove", label: t("campaigns.detail.remove"), icon: <DeleteOutlinedIcon />, danger: true, onClick: () => ask("remove") },
  ];

  const dialogs: ReactNode = (
    <>
      <CampaignFormDialog open={editing} campaign={campaign} onClose={() => setEditing(false)} />
      <SendPreviewDialog {...status.preview} />
      <CreateSegmentDialog
        open={creatingSegment}
        campaignId={campaign.id}
        channel={CampaignChannel[campaign.type]}
        statusUpdating={status.updating}
        onClose={() => setCreatingSegment(false)}
      />
      <ConfirmDialog
        open={confirming === "copy"}
        danger={false}
        message={t("campaigns.copyConfirm")}
        confirmLabel={t("campaigns.copyLabel")}
        loading={copy.isPending}
        error={copy.error ? errorMessage(copy.error, t("campaigns.actionError")) : undefined}
        onConfirm={() =>
          copy.mutate([campaign.id], {
            onSuccess: (answer) => {
              enqueueSnackbar(answer.message, { variant: "success" });
              navigate(p("campaigns"));
            },
          })
        }
        onClose={close}
      />
      <ConfirmDialog
        open={confirming === "expire"}
        danger={false}
        message={
          <Stack spacing={1}>
            <Typography>{t("campaigns.detail.expireConfirm")}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t("campaigns.detail.expireHint")}
            </Typography>
          </Stack>
        }
        confirmLabel={t("campaigns.detail.expireLabel")}
        loading={expire.isPending}
        error={expire.error ? errorMessage(expire.error, t("campaigns.actionError")) : undefined}
        onConfirm={() =>
          expire.mutate(campaign.id, {
            onSuccess: (answer) => {
              enqueueSnackbar(answer.message, { variant: "success" });
              close();
            },
          })
        }
        onClose={close}
      />
      <ConfirmDialog
        open={confirming === "remove"}
        message={
          <Stack spacing={1}>
            <Typography>{t("campaigns.detail.removeConfirm", { name: campaign.name })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t("campaigns.deleteWarning")}
            </Typography>
          </Stack>
        }
        confirmLabel={t("campaigns.detail.removeLabel")}
        loading={remove.isPending}
        error={remove.error ? <DeleteError title={t("campaigns.detail.removeError")} error={remove.error} /> : undefined}
        onConfirm={() => remove.mutate(campaign.id)}
        onClose={close}
      />
    </>
  );

  return { items, dialogs, edit, editHint, chip: status.chip };
}
