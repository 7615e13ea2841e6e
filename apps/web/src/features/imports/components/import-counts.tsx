import type { ImportRecord } from "@leadflow/contracts";
import { Box, Typography } from "@mui/material";
import { formatNumber } from "../../../lib/format";
import { useT } from "../../../lib/i18n";

export type CountKey =
  | "total_rows"
  | "processed_count"
  | "unique_count"
  | "duplicates_count"
  | "failed_count"
  | "skipped_count"
  | "ignored_phones_count"
  | "invalid_phones_count";

export const COUNT_LABEL_KEYS = {
  total_rows: "imports.count.total",
  processed_count: "imports.count.processed",
  unique_count: "imports.count.unique",
  duplicates_count: "imports.count.duplicates",
  failed_count: "imports.count.failed",
  skipped_count: "imports.count.skipped",
  ignored_phones_count: "imports.count.ignoredPhones",
  invalid_phones_count: "imports.count.invalidPhones",
} as const satisfies Record<CountKey, string>;

const COLORS: Partial<Record<CountKey, string>> = {
  unique_count: "success.main",
  duplicates_count: "info.main",
  failed_count: "error.main",
};

/** A row of small count tiles (the progress dialog's unique, duplicates, failed; the file page's summary). */
export function ImportCounts({
  record,
  keys,
  columns = { xs: Math.min(keys.length, 4) },
}: {
  record: ImportRecord | undefined;
  keys: readonly CountKey[];
  /** Tiles per row, per breakpoint. */
  columns?: Partial<Record<"xs" | "sm" | "md", number>>;
}) {
  const t = useT();
  const template = Object.fromEntries(Object.entries(columns).map(([bp, n]) => [bp, `repeat(${n}, minmax(0, 1fr))`]));
  return (
    <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: template }}>
      {keys.map((k) => (
        <Box key={k} sx={{ px: 1.5, py: 1, borderRadius: 2, border: 1, borderColor: "divider", minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", fontWeight: 600 }} noWrap>
            {t(COUNT_LABEL_KEYS[k])}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontVariantNumeric: "tabular-nums", color: COLORS[k] }}>
            {record ? formatNumber(record[k]) : "—"}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
