import { type LookupJob, type LookupType, LookupTypeLabels } from "@leadflow/contracts";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useRef } from "react";
import { formatNumber, formatPercent } from "../../../components/data-table/format";
import { formatDateTime } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { formatMoney } from "../model/lookup-format";
import { LookupLocationCell } from "./lookup-location-cell";
import { LookupStatusCell } from "./lookup-status";

export interface LookupDetailsDialogProps {
  open: boolean;
  job?: LookupJob;
  onClose: () => void;
  onDelete?: (job: LookupJob) => void;
}

/** A lookup the form cannot edit (an audience's, a lead's relookup, an SMS DNC check): what it covers and where it stands. */
export function LookupDetailsDialog({ open, job, onClose, onDelete }: LookupDetailsDialogProps) {
  const t = useT();
  const shown = useRef(job);
  if (open && job) shown.current = job;
  const j = shown.current;
  if (!j) return null;
  const rows: [string, ReactNode][] = [
    [t("lookups.columns.location"), <LookupLocationCell key="l" job={j} />],
    [t("lookups.columns.type"), LookupTypeLabels[j.type as LookupType] ?? j.type],
    [t("lookups.columns.gateway"), j.gateway?.name ?? "-"],
    [t("lookups.columns.total"), formatNumber(j.total_count)],
    [
      t("lookups.columns.items"),
      [
        formatNumber(j.count),
        j.reused_count > 0 ? t("lookups.items.reused", { count: formatNumber(j.reused_count) }) : null,
        j.failed_count > 0 ? t("lookups.items.failed", { count: formatNumber(j.failed_count) }) : null,
      ]
        .filter(Boolean)
        .join(" · "),
    ],
    [t("lookups.columns.cost"), formatMoney(j.cost)],
    [t("lookups.columns.serviceItems"), formatNumber(j.service_items_count)],
    [t("lookups.columns.serviceCost"), formatMoney(j.service_cost)],
    [
      t("lookups.columns.progress"),
      j.time_left ? `${formatPercent(j.percent)} · ${t("lookups.timeLeft", { time: j.time_left })}` : formatPercent(j.percent),
    ],
    [t("lookups.columns.status"), <LookupStatusCell key="s" job={j} />],
    [t("lookups.details.created"), formatDateTime(j.created_at)],
    ...(j.finished_at ? [[t("lookups.details.finished"), formatDateTime(j.finished_at)] as [string, ReactNode]] : []),
  ];
  return (
    <Dialog open={open} onClose={onClose} fullWidth aria-labelledby="lookup-details-title">
      <DialogTitle id="lookup-details-title">{t("lookups.details.title", { id: j.id })}</DialogTitle>
      <DialogContent>
        {j.error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {j.error}
          </Alert>
        )}
        <Box
          component="dl"
          sx={{ m: 0, display: "grid", gridTemplateColumns: "140px minmax(0, 1fr)", rowGap: 1.25, columnGap: 2, alignItems: "center" }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: "contents" }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 2 }}>
          {t("lookups.details.notEditable")}
        </Typography>
      </DialogContent>
      <DialogActions>
        {onDelete && (
          <Button color="error" onClick={() => onDelete(j)} sx={{ mr: "auto" }}>
            {t("common.delete")}
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
