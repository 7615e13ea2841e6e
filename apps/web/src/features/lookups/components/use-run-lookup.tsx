import { type LookupType, LookupTypeLabels } from "@leadflow/contracts";
import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import type { ContextMenuItem } from "../../../components/context-menu/context-menu";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useStartScopeLookup } from "../api/lookups.api";
import { confirmKey, RUN_LOOKUP_TYPES, type RunLookupScope } from "../model/run-lookup";
import { RunLookupDialog } from "./run-lookup-dialog";

export interface RunLookup {
  /** Opens the dialog for these ids. */
  open: (type: LookupType, ids: number[]) => void;
  /** 'Run Lookup' expanding into SMS Lookup, SMS DNC and Email Lookup; null without a selection. */
  menuItem: (ids: number[]) => ContextMenuItem | null;
  dialog: ReactNode;
}

/**
 * Run Lookup over a screen's selection (sources, lists, audiences, lookups): confirm, pick a gateway, POST, toast
 * the server's 'Lookup has been started'. Failures toast too; 'Insufficient funds…' (402) also closes the dialog,
 * as no other gateway would help.
 */
export function useRunLookup(scope: RunLookupScope, onStarted?: () => void): RunLookup {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const run = useStartScopeLookup(scope);
  const [target, setTarget] = useState<{ type: LookupType; ids: number[]; open: boolean } | null>(null);
  const close = () => setTarget((c) => c && { ...c, open: false });

  const open = (type: LookupType, ids: number[]) => {
    run.reset();
    setTarget({ type, ids, open: true });
  };

  const confirm = (gatewayId: number) => {
    if (!target) return;
    run.mutate(
      { ids: target.ids, type: target.type, setting_gateway_id: gatewayId },
      {
        onSuccess: (answer) => {
          enqueueSnackbar(answer?.message || t("lookups.started"), { variant: "success" });
          close();
          onStarted?.();
        },
        onError: (e) => {
          enqueueSnackbar(errorMessage(e), { variant: "error" });
          if (e instanceof ApiError && e.status === 402) close();
        },
      },
    );
  };

  const menuItem = (ids: number[]): ContextMenuItem | null =>
    ids.length === 0
      ? null
      : {
          key: "lookup",
          label: t("lookups.runLookup"),
          icon: <ManageSearchIcon />,
          children: RUN_LOOKUP_TYPES.map((type) => ({
            key: `lookup-${type}`,
            label: LookupTypeLabels[type],
            onClick: () => open(type, ids),
          })),
        };

  const dialog = target && (
    <RunLookupDialog
      open={target.open}
      type={target.type}
      message={t(confirmKey(scope, target.type))}
      loading={run.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
  return { open, menuItem, dialog };
}
