import { LookupStatuses, type LookupType, LookupTypeLabels } from "@leadflow/contracts";
import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import { Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useEffect, useState } from "react";
import type { ContextMenuItem } from "../../../components/context-menu/context-menu";
import { ApiError } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useLookupLiveUpdates } from "../api/lookup-live";
import { lookupQuery, useRelookupLead } from "../api/lookups.api";
import { isLookupFinished } from "../model/lookup-status";
import { RELOOKUP_TYPES, relookupLeadType } from "../model/run-lookup";
import { RunLookupDialog } from "./run-lookup-dialog";

/** Without live events, the relookup's job is looked at this often until it is done. */
const POLL_MS = 2_000;

/** Done for the lead page: finished, or paused on its own (no funds) and waiting for the user. */
const settled = (job: { status: number; error: string | null }) =>
  isLookupFinished(job.status) || (job.status === LookupStatuses.paused && !!job.error);

export interface Relookup {
  menuItem: ContextMenuItem | null;
  dialog: ReactNode;
}

/**
 * The lead page's Relookup: SMS Lookup, SMS DNC or Email Lookup of this lead with a chosen gateway.
 * It follows the job (live, or polled) and calls `onFinished` when the results are in, so the lead is read again.
 * While it runs the item is disabled: one relookup of a lead at a time.
 */
export function useRelookup(leadId: number | undefined, onFinished: () => void): Relookup {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  useLookupLiveUpdates();
  const relookup = useRelookupLead();
  const [target, setTarget] = useState<{ type: LookupType; open: boolean } | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useQuery({
    ...lookupQuery(jobId ?? 0),
    enabled: jobId !== null,
    refetchInterval: (q) => (q.state.data && settled(q.state.data) ? false : POLL_MS),
  });

  const settledJob = job.data && jobId === job.data.id && settled(job.data) ? job.data : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per settled job
  useEffect(() => {
    if (!settledJob) return;
    setJobId(null);
    onFinished();
    if (settledJob.error) enqueueSnackbar(settledJob.error, { variant: "error" });
    else if (settledJob.status === LookupStatuses.completed) enqueueSnackbar(t("lookups.relookup.done"), { variant: "success" });
  }, [settledJob?.id]);

  // A lead left mid-relookup: nothing to follow on the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per lead
  useEffect(() => setJobId(null), [leadId]);

  const close = () => setTarget((c) => c && { ...c, open: false });
  const confirm = (gatewayId: number) => {
    if (!target || !leadId) return;
    relookup.mutate(
      { leadId, lead_type: relookupLeadType(target.type), lookup_gateway_id: gatewayId },
      {
        onSuccess: (answer) => {
          enqueueSnackbar(answer.message || t("lookups.started"), { variant: "success" });
          close();
          setJobId(answer.data.id);
        },
        onError: (e) => {
          enqueueSnackbar(errorMessage(e), { variant: "error" });
          if (e instanceof ApiError && e.status === 402) close();
        },
      },
    );
  };

  if (!leadId) return { menuItem: null, dialog: null };
  const running = jobId !== null;
  const menuItem: ContextMenuItem = {
    key: "relookup",
    label: t("lookups.relookup"),
    icon: <ManageSearchIcon />,
    disabled: running,
    hint: running ? t("lookups.relookup.running") : undefined,
    children: RELOOKUP_TYPES.map((type) => ({
      key: `relookup-${type}`,
      label: LookupTypeLabels[type],
      onClick: () => {
        relookup.reset();
        setTarget({ type, open: true });
      },
    })),
  };
  const dialog = target && (
    <RunLookupDialog
      open={target.open}
      type={target.type}
      title={`${t("lookups.relookup")}: ${LookupTypeLabels[target.type]}`}
      message={
        <Stack spacing={1}>
          <Typography>{t(`lookups.relookup.confirm.${target.type}`, { id: leadId })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t("lookups.relookup.force")}
          </Typography>
        </Stack>
      }
      confirmLabel={t("lookups.relookup")}
      force
      loading={relookup.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
  return { menuItem, dialog };
}
