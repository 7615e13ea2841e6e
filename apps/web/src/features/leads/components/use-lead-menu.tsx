import type { LeadDetail } from "@leadflow/contracts";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import LabelOutlinedIcon from "@mui/icons-material/LabelOutlined";
import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import { useSnackbar } from "notistack";
import type { ContextMenuItem } from "../../../components/context-menu/context-menu";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useBatchStatus } from "../api/leads.api";
import { batchStatusToasts } from "../model/batch-status";
import { settableStatuses } from "../model/lead-selection";

/**
 * The lead page's context menu (spec §2): Remove Lead, Set status (less the current one), Relookup. Relookup stays
 * disabled until lookups exist: the lookups work wires it.
 */
export function useLeadMenu(lead: LeadDetail | undefined, onRemove: () => void): ContextMenuItem[] {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const setStatus = useBatchStatus();
  if (!lead) return [];
  return [
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
              // Spec §8: on the lead screens the answer's errors are ignored; its info messages show.
              onSuccess: (answer) => {
                for (const toast of batchStatusToasts(answer, t("leads.statusUpdated"), { ignoreErrors: true }))
                  enqueueSnackbar(toast.message, { variant: toast.variant });
              },
              onError: (e) => enqueueSnackbar(errorMessage(e, t("leads.statusError")), { variant: "error" }),
            },
          ),
      })),
    },
    {
      key: "relookup",
      label: t("leads.relookup"),
      icon: <ManageSearchIcon />,
      disabled: true,
      hint: t("leads.relookupSoon"),
      children: [
        { key: "relookup-sms", label: t("leads.relookup.sms"), disabled: true },
        { key: "relookup-dnc", label: t("leads.relookup.dnc"), disabled: true },
        { key: "relookup-email", label: t("leads.relookup.email"), disabled: true },
      ],
    },
  ];
}
