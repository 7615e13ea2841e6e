import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import SyncIcon from "@mui/icons-material/Sync";
import { Stack, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import type { ContextMenuItem } from "../../../components/context-menu/context-menu";
import { DeleteError } from "../../../components/page-state/delete-error";
import { errorMessage } from "../../../lib/errors";
import { tn, useT } from "../../../lib/i18n";
import { useDeleteSegments, useRefreshSegments } from "../api/segments.api";

/**
 * The audiences table's selection actions (spec §2): Refresh Selection, Run Lookup (SMS, SMS DNC, Email — disabled
 * until a lookup gateway exists; the lookups work wires them) and Delete Selection, confirmed first.
 */
export function useAudienceBulkActions(selected: number[], clear: () => void): { menuItems: ContextMenuItem[]; dialogs: ReactNode } {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshSegments();
  const remove = useDeleteSegments();
  const [confirming, setConfirming] = useState(false);

  const refreshSelection = () =>
    refresh.mutate(selected, {
      onSuccess: (answer) => enqueueSnackbar(answer?.message || t("audiences.refreshQueued"), { variant: "success" }),
      onError: (e) => enqueueSnackbar(errorMessage(e, t("audiences.refreshError")), { variant: "error" }),
    });

  const menuItems: ContextMenuItem[] =
    selected.length === 0
      ? []
      : [
          {
            key: "refresh",
            label: t("audiences.refreshSelection"),
            icon: <SyncIcon />,
            disabled: refresh.isPending,
            onClick: refreshSelection,
          },
          {
            key: "lookup",
            label: t("audiences.runLookup"),
            icon: <ManageSearchIcon />,
            disabled: true,
            hint: t("audiences.lookupSoon"),
            children: [
              { key: "lookup-sms", label: t("audiences.lookup.sms"), disabled: true },
              { key: "lookup-dnc", label: t("audiences.lookup.dnc"), disabled: true },
              { key: "lookup-email", label: t("audiences.lookup.email"), disabled: true },
            ],
          },
          {
            key: "delete",
            label: t("audiences.deleteSelection"),
            icon: <DeleteOutlineIcon />,
            danger: true,
            onClick: () => {
              remove.reset();
              setConfirming(true);
            },
          },
        ];

  const count = selected.length;
  const dialogs = (
    <ConfirmDialog
      open={confirming}
      message={
        <Stack spacing={1}>
          <Typography>{tn("audiences.deleteManyConfirm", count, { count: count.toLocaleString("en-US") })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t("audiences.deleteManyWarning")}
          </Typography>
        </Stack>
      }
      loading={remove.isPending}
      error={remove.error ? <DeleteError title={t("audiences.removeManyError")} error={remove.error} /> : undefined}
      onConfirm={() =>
        remove.mutate(selected, {
          onSuccess: (answer) => {
            enqueueSnackbar(answer?.message || tn("audiences.deletedMany", count, { count }), { variant: "success" });
            clear();
            setConfirming(false);
          },
          onError: () => enqueueSnackbar(t("audiences.removeManyError"), { variant: "error" }),
        })
      }
      onClose={() => setConfirming(false)}
    />
  );
  return { menuItems, dialogs };
}
