import type { CampaignManualStatus } from "@leadflow/contracts";
import ArchiveOutlinedIcon from "@mui/icons-material/ArchiveOutlined";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import LabelOutlinedIcon from "@mui/icons-material/LabelOutlined";
import TouchAppOutlinedIcon from "@mui/icons-material/TouchAppOutlined";
import UnarchiveOutlinedIcon from "@mui/icons-material/UnarchiveOutlined";
import { Stack, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import type { ContextMenuItem } from "../../../components/context-menu/context-menu";
import { DeleteError } from "../../../components/page-state/delete-error";
import { useAppConfig } from "../../../lib/app-config";
import { errorMessage } from "../../../lib/errors";
import { tn, useT } from "../../../lib/i18n";
import { useArchiveCampaigns, useBatchCampaignStatus, useCopyCampaigns, useDeleteCampaigns } from "../api/campaigns.api";
import { batchResultToasts, bulkStatusChoices, type SelectedCampaign } from "../model/bulk-status";
import { SendPreviewDialog } from "../preview/send-preview-dialog";
import { ClickTriggerDialog } from "./click-trigger-dialog";

/**
 * The list's selection actions: Delete (confirmed), Archive or Remove from archive (by the Archived
 * filter), Copy ('Do you want to copy campaign?'), Set status (the manual list minus the current) and Set click trigger.
 */
export function useCampaignBulkActions(
  selected: number[],
  campaigns: SelectedCampaign[],
  archived: boolean,
  clear: () => void,
): { menuItems: ContextMenuItem[]; dialogs: ReactNode } {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const config = useAppConfig();
  const remove = useDeleteCampaigns();
  const copy = useCopyCampaigns();
  const archive = useArchiveCampaigns();
  const setStatus = useBatchCampaignStatus();
  const [dialog, setDialog] = useState<"delete" | "copy" | "clickTrigger" | "preview" | null>(null);
  const close = () => setDialog(null);
  const failed = (e: unknown) => enqueueSnackbar(errorMessage(e, t("campaigns.actionError")), { variant: "error" });
  const done = (message: string) => {
    enqueueSnackbar(message, { variant: "success" });
    clear();
    close();
  };

  const sendStatus = (ids: number[], status: CampaignManualStatus) =>
    setStatus.mutate(
      { ids, status },
      {
        onSuccess: (answer) => {
          const toasts = batchResultToasts(answer);
          for (const toast of toasts) enqueueSnackbar(toast.message, { variant: toast.variant });
          if (toasts.length === 0) enqueueSnackbar(t("campaigns.statusUpdated"), { variant: "success" });
          if (status === "active") close();
        },
        onError: failed,
      },
    );
  // Active first shows the Send preview of the selection; its confirm sets Active those that can be.
  const applyStatus = (status: CampaignManualStatus) => (status === "active" ? setDialog("preview") : sendStatus(selected, status));

  const manual = config.data?.campaign_manual_status_list ?? [];
  const busy = remove.isPending || copy.isPending || archive.isPending || setStatus.isPending;
  const menuItems: ContextMenuItem[] =
    selected.length === 0
      ? []
      : [
          {
            key: "setStatus",
            label: t("campaigns.setStatus"),
            icon: <LabelOutlinedIcon />,
            disabled: busy || manual.length === 0,
            children: bulkStatusChoices(manual, campaigns).map((o) => ({
              key: `status-${o.key}`,
              label: o.label,
              onClick: () => applyStatus(o.key as CampaignManualStatus),
            })),
          },
          {
            key: "copy",
            label: t("campaigns.copy"),
            icon: <ContentCopyIcon />,
            disabled: busy,
            onClick: () => {
              copy.reset();
              setDialog("copy");
            },
          },
          archived
            ? {
                key: "unarchive",
                label: t("campaigns.unarchive"),
                icon: <UnarchiveOutlinedIcon />,
                disabled: busy,
                onClick: () => archive.mutate({ ids: selected, archived: false }, { onSuccess: (a) => done(a.message), onError: failed }),
              }
            : {
                key: "archive",
                label: t("campaigns.archive"),
                icon: <ArchiveOutlinedIcon />,
                disabled: busy,
                onClick: () => archive.mutate({ ids: selected, archived: true }, { onSuccess: (a) => done(a.message), onError: failed }),
              },
          {
            key: "clickTrigger",
            label: t("campaigns.setClickTrigger"),
            icon: <TouchAppOutlinedIcon />,
            more: true,
            onClick: () => setDialog("clickTrigger"),
          },
          {
            key: "delete",
            label: t("campaigns.deleteSelection"),
            icon: <DeleteOutlineIcon />,
            danger: true,
            disabled: busy,
            onClick: () => {
              remove.reset();
              setDialog("delete");
            },
          },
        ];

  const count = selected.length;
  const dialogs = (
    <>
      <ConfirmDialog
        open={dialog === "delete"}
        message={
          <Stack spacing={1}>
            <Typography>{tn("campaigns.deleteConfirm", count, { count: count.toLocaleString("en-US") })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t("campaigns.deleteWarning")}
            </Typography>
          </Stack>
        }
        loading={remove.isPending}
        error={remove.error ? <DeleteError title={t("campaigns.deleteError")} error={remove.error} /> : undefined}
        onConfirm={() => remove.mutate(selected, { onSuccess: (a) => done(a.message) })}
        onClose={close}
      />
      <ConfirmDialog
        open={dialog === "copy"}
        danger={false}
        message={t("campaigns.copyConfirm")}
        confirmLabel={t("campaigns.copyLabel")}
        loading={copy.isPending}
        error={copy.error ? errorMessage(copy.error, t("campaigns.actionError")) : undefined}
        onConfirm={() => copy.mutate(selected, { onSuccess: (a) => done(a.message) })}
        onClose={close}
      />
      <SendPreviewDialog
        open={dialog === "preview"}
        ids={selected}
        busy={setStatus.isPending}
        onConfirm={(ids) => sendStatus(ids, "active")}
        onClose={close}
      />
      <ClickTriggerDialog
        open={dialog === "clickTrigger"}
        ids={selected}
        onClose={close}
        onDone={() => {
          clear();
          close();
        }}
      />
    </>
  );
  return { menuItems, dialogs };
}
