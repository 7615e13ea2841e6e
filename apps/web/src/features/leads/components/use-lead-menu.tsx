import type { LeadDetail } from "@leadflow/contracts";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import LabelOutlinedIcon from "@mui/icons-material/LabelOutlined";
import { useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import type { ReactNode } from "react";
import type { ContextMenuItem } from "../../../components/context-menu/context-menu";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useRelookup } from "../../lookups";
import { leadKeys, useBatchStatus } from "../api/leads.api";
import { batchStatusToasts } from "../model/batch-status";
import { settableStatuses } from "../model/lead-selection";

/**
 * The lead page's context menu: Remove Lead, Set status (less the current one), Relookup (SMS Lookup, SMS
 * DNC, Email Lookup), with the relookup's dialog. "Relookup (disabled when the lead status is active)": no lead status
 * is called active here (pending, imported, blacklisted, flagged, DNC), so it is read as the lead's lookup being
 * active: Relookup is disabled while one runs, and the lead is read again when its results are in.
 */
export function useLeadMenu(lead: LeadDetail | undefined, onRemove: () => void): { items: ContextMenuItem[]; dialogs: ReactNode } {
  const t = useT();
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const setStatus = useBatchStatus();
  const leadId = lead?.id;
  const relookup = useRelookup(leadId, () => {
    if (leadId) void qc.invalidateQueries({ queryKey: leadKeys.detail(leadId) });
  });
  if (!lead) return { items: [], dialogs: null };
  const items: ContextMenuItem[] = [
    { key: "remove", label: t("leads.remove"), icon: <DeleteOutlinedIcon />, danger: true, onClick: onRemove },
    {
      key: "setStatus",
      label: t("leads.setStatus"),
      icon: <LabelOutlinedIcon />,
      disabled: setStatus.isPending,
      children: settableStatuses(lead.status).map(({ status, label }) => ({
        key: `status-${status}`,
        label,
        onClick: () =>
          setStatus.mutate(
            { ids: [lead.id], status },
            {
              // On the lead screens the answer's errors are ignored; its info messages show.
              onSuccess: (answer) => {
                for (const toast of batchStatusToasts(answer, t("leads.statusUpdated"), { ignoreErrors: true }))
                  enqueueSnackbar(toast.message, { variant: toast.variant });
              },
              onError: (e) => enqueueSnackbar(errorMessage(e, t("leads.statusError")), { variant: "error" }),
            },
          ),
      })),
    },
    ...(relookup.menuItem ? [relookup.menuItem] : []),
  ];
  return { items, dialogs: relookup.dialog };
}
