import type { LeadStatus } from "@leadflow/contracts";
import { Box, MenuItem, TextField } from "@mui/material";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { names } from "../../../components/data-table/table-url-state";
import { useT } from "../../../lib/i18n";
import { readStatusFilter, statusFilterOptions, writeStatusFilter } from "../model/status-filter";

/** The status filter of a lead table, in the URL next to the table's search (see model/status-filter). */
export function useLeadStatusFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = readStatusFilter(searchParams);
  const setStatus = useCallback(
    (next: LeadStatus | undefined) => setSearchParams((prev) => writeStatusFilter(prev, next, names().cursor)),
    [setSearchParams],
  );
  return { status, setStatus };
}

const ALL = "all";

/** 'Status': All, Pending, Imported, Blacklisted, Flagged, DNC — for the table's toolbar. */
export function LeadStatusFilter({
  value,
  onChange,
}: {
  value: LeadStatus | undefined;
  onChange: (status: LeadStatus | undefined) => void;
}) {
  const t = useT();
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={t("leads.statusFilter")}
      value={value === undefined ? ALL : String(value)}
      onChange={(e) => onChange(e.target.value === ALL ? undefined : (Number(e.target.value) as LeadStatus))}
      sx={{ width: { xs: 112, sm: 150 }, flexShrink: 0 }}
    >
      <MenuItem value={ALL}>
        <Box component="span" sx={{ color: "text.secondary" }}>
          {t("leads.statusFilter.all")}
        </Box>
      </MenuItem>
      {statusFilterOptions.map((o) => (
        <MenuItem key={o.status} value={String(o.status)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
