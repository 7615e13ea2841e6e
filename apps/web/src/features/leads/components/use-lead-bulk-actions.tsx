import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import FolderZipIcon from "@mui/icons-material/FolderZipOutlined";
import LabelOutlinedIcon from "@mui/icons-material/LabelOutlined";
import { Stack, Typography } from "@mui/material";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import type { ContextMenuItem } from "../../../components/context-menu/context-menu";
import { DeleteError } from "../../../components/page-state/delete-error";
import { errorMessage } from "../../../lib/errors";
import { tn, useT } from "../../../lib/i18n";
import { ComplianceFileDialog } from "../../compliance";
import { useRunLeadsLookup } from "../../lookups";
import { useBatchStatus, useDeleteLeads } from "../api/leads.api";
import { batchStatusToasts } from "../model/batch-status";
import { type SettableLeadStatus, settableStatuses } from "../model/lead-selection";
import type { LeadsTableState } from "./leads-table";

/**
 * A lead table's selection actions: Delete Selection (confirmed first), Set status, Run Lookup (carrier, DNC, email,
 * consent certificates, Reassigned Numbers) and Compliance files (a ZIP of the selected leads' consent records and
 * message history), for the page's context menu.
 */
export function useLeadBulkActions(state: LeadsTableState): { menuItems: ContextMenuItem[]; dialogs: ReactNode } {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [compliance, setCompliance] = useState(false);
  const remove = useDeleteLeads();
  const setStatus = useBatchStatus();
  const { leadSelection, selectedCount } = state;
  const lookup = useRunLeadsLookup(selectedCount);
  const lookupItem = lookup.menuItem(leadSelection);

  const applyStatus = (status: SettableLeadStatus) => {
    if (!leadSelection) return;
    setStatus.mutate(
      { ...leadSelection, status },
      {
        onSuccess: (answer) => {
          for (const toast of batchStatusToasts(answer, t("leads.statusUpdated")))
            enqueueSnackbar(toast.message, { variant: toast.variant });
        },
        onError: (e) => enqueueSnackbar(errorMessage(e, t("leads.statusError")), { variant: "error" }),
      },
    );
  };

  const menuItems: ContextMenuItem[] =
    leadSelection && selectedCount > 0
      ? [
          {
            key: "deleteLeads",
            label: t("leads.deleteSelection"),
            icon: <DeleteOutlinedIcon />,
            danger: true,
            onClick: () => {
              remove.reset();
              setConfirming(true);
            },
          },
          {
            key: "setStatus",
            label: t("leads.setStatus"),
            icon: <LabelOutlinedIcon />,
            disabled: setStatus.isPending,
            children: settableStatuses().map(({ status, label }) => ({
              key: `status-${status}`,
              label,
              onClick: () => applyStatus(status),
            })),
          },
          ...(lookupItem ? [lookupItem] : []),
          { key: "complianceFiles", label: t("leads.complianceFiles"), icon: <FolderZipIcon />, onClick: () => setCompliance(true) },
        ]
      : [];

  const dialogs = (
    <>
      {lookup.dialog}
      <ComplianceFileDialog open={compliance} onClose={() => setCompliance(false)} selection={leadSelection} count={selectedCount} />
      <ConfirmDialog
        open={confirming}
        message={
          <Stack spacing={1}>
            <Typography>{tn("leads.deleteManyConfirm", selectedCount, { count: selectedCount.toLocaleString("en-US") })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t("leads.deleteWarning")}
            </Typography>
          </Stack>
        }
        loading={remove.isPending}
        error={remove.error ? <DeleteError title={t("leads.removeManyError")} error={remove.error} /> : undefined}
        onConfirm={() =>
          leadSelection &&
          remove.mutate(leadSelection, {
            onSuccess: (answer) => {
              const n = answer?.deleted ?? selectedCount;
              enqueueSnackbar(tn("leads.deletedMany", n, { count: n.toLocaleString("en-US") }), { variant: "success" });
              state.clearSelection();
              setConfirming(false);
            },
          })
        }
        onClose={() => setConfirming(false)}
      />
    </>
  );

  return { menuItems, dialogs };
}
