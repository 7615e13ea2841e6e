import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import SyncIcon from "@mui/icons-material/Sync";
import { Stack, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import type { ContextMenuItem } from "../../../components/context-menu/context-menu";
import { DeleteError } from "../../../components/page-state/delete-error";
import { errorMessage } from "../../../lib/errors";
import { tn, useT } from "../../../lib/i18n";
import { useRunLookup } from "../../lookups";
import { useDeleteSegments, useRefreshSegments } from "../api/segments.api";

/**
 * The audiences table's selection actions: Refresh Selection, Run Lookup (SMS Lookup, SMS DNC, Email Lookup
 * of the selected audiences' leads) and Delete Selection, confirmed first.
 */
export function useAudienceBulkActions(selected: number[], clear: () => void): { menuItems: ContextMenuItem[]; dialogs: ReactNode } {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefreshSegments();
  const remove = useDeleteSegments();
  const [confirming, setConfirming] = useState(false);
  const runLookup = useRunLookup("segments");

  const refreshSelection = () =>
    refresh.mutate(selected, {
      onSuccess: (answer) => enqueueSnackbar(answer?.message || t("audiences.refreshQueued"), { variant: "success" }),
      onError: (e) => enqueueSnackbar(errorMessage(e, t("audiences.refreshError")), { variant: "error" }),
    });

  const lookupItem = runLookup.menuItem(selected);
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
          ...(lookupItem ? [lookupItem] : []),
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
    <>
      {runLookup.dialog}
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
            // The page names what went: the server's message counts audiences as segments.
            onSuccess: () => {
              enqueueSnackbar(tn("audiences.deletedMany", count, { count: count.toLocaleString("en-US") }), { variant: "success" });
              clear();
              setConfirming(false);
            },
            onError: () => enqueueSnackbar(t("audiences.removeManyError"), { variant: "error" }),
          })
        }
        onClose={() => setConfirming(false)}
      />
    </>
  );
  return { menuItems, dialogs };
}
