import { type LeadSelection, type LookupType, LookupTypeLabels } from "@leadflow/contracts";
import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import type { ContextMenuItem } from "../../../components/context-menu/context-menu";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { tn, useT } from "../../../lib/i18n";
import { useStartLeadsLookup, useStartScopeLookup } from "../api/lookups.api";
import { confirmKey, type RunLookupScope, runLookupTypes } from "../model/run-lookup";
import { RunLookupDialog } from "./run-lookup-dialog";

export interface RunLookupOver<S> {
  /** Opens the dialog for this selection. */
  open: (type: LookupType, selection: S) => void;
  /** 'Run Lookup' expanding into the scope's lookup types; null without a selection. */
  menuItem: (selection: S | null) => ContextMenuItem | null;
  dialog: ReactNode;
}
export type RunLookup = RunLookupOver<number[]>;

interface Starter<S> {
  start: (
    type: LookupType,
    selection: S,
    gatewayId: number,
    done: { onSuccess: (message?: string) => void; onError: (e: Error) => void },
  ) => void;
  reset: () => void;
  pending: boolean;
  types: LookupType[];
  message: (type: LookupType) => string;
  isEmpty: (selection: S) => boolean;
}

/**
 * Confirm, pick a gateway, start, toast the server's 'Lookup has been started'. Failures toast too; 'Insufficient
 * funds…' (402) also closes the dialog, as no other gateway would help.
 */
function useLookupRunner<S>(starter: Starter<S>, onStarted?: () => void): RunLookupOver<S> {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const [target, setTarget] = useState<{ type: LookupType; selection: S; open: boolean } | null>(null);
  const close = () => setTarget((c) => c && { ...c, open: false });

  const open = (type: LookupType, selection: S) => {
    starter.reset();
    setTarget({ type, selection, open: true });
  };

  const confirm = (gatewayId: number) => {
    if (!target) return;
    starter.start(target.type, target.selection, gatewayId, {
      onSuccess: (message) => {
        enqueueSnackbar(message || t("lookups.started"), { variant: "success" });
        close();
        onStarted?.();
      },
      onError: (e) => {
        enqueueSnackbar(errorMessage(e), { variant: "error" });
        if (e instanceof ApiError && e.status === 402) close();
      },
    });
  };

  const menuItem = (selection: S | null): ContextMenuItem | null =>
    selection === null || starter.isEmpty(selection)
      ? null
      : {
          key: "lookup",
          label: t("lookups.runLookup"),
          icon: <ManageSearchIcon />,
          children: starter.types.map((type) => ({
            key: `lookup-${type}`,
            label: LookupTypeLabels[type],
            onClick: () => open(type, selection),
          })),
        };

  const dialog = target && (
    <RunLookupDialog
      open={target.open}
      type={target.type}
      message={starter.message(target.type)}
      loading={starter.pending}
      onConfirm={confirm}
      onClose={close}
    />
  );
  return { open, menuItem, dialog };
}

/** Run Lookup over a screen's selection of ids: sources, lists, audiences, lookups. */
export function useRunLookup(scope: Exclude<RunLookupScope, "leads">, onStarted?: () => void): RunLookup {
  const t = useT();
  const run = useStartScopeLookup(scope);
  return useLookupRunner<number[]>(
    {
      start: (type, ids, gatewayId, done) =>
        run.mutate(
          { ids, type, setting_gateway_id: gatewayId },
          { onSuccess: (answer) => done.onSuccess(answer?.message), onError: done.onError },
        ),
      reset: run.reset,
      pending: run.isPending,
      types: runLookupTypes(scope),
      message: (type) => t(confirmKey(scope, type)),
      isEmpty: (ids) => ids.length === 0,
    },
    onStarted,
  );
}

/** Run Lookup over the leads table's selection (ticked ids, or every lead its query matches). */
export function useRunLeadsLookup(count: number, onStarted?: () => void): RunLookupOver<LeadSelection> {
  const run = useStartLeadsLookup();
  return useLookupRunner<LeadSelection>(
    {
      start: (type, selection, gatewayId, done) =>
        run.mutate(
          { ...selection, type, setting_gateway_id: gatewayId },
          { onSuccess: (answer) => done.onSuccess(answer?.message), onError: done.onError },
        ),
      reset: run.reset,
      pending: run.isPending,
      types: runLookupTypes("leads"),
      message: (type) => tn(confirmKey("leads", type), count, { count: count.toLocaleString("en-US") }),
      isEmpty: () => count === 0,
    },
    onStarted,
  );
}
