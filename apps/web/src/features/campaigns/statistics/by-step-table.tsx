import type { StepStatisticRow } from "@leadflow/contracts";
import { Paper, Skeleton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { formatNumber } from "../../../lib/format";
import { type MessageKey, useT } from "../../../lib/i18n";
import { formatShare } from "../model/format";

/** The By Step columns, in order (docs/product/campaigns.md). */
const COLUMNS: { key: keyof StepStatisticRow; label: MessageKey; numeric: boolean }[] = [
  { key: "id", label: "campaigns.statistics.steps.id", numeric: false },
  { key: "name", label: "campaigns.statistics.steps.name", numeric: false },
  { key: "clicked", label: "campaigns.statistics.steps.clicked", numeric: true },
  { key: "records", label: "campaigns.statistics.steps.records", numeric: true },
  { key: "sent", label: "campaigns.statistics.steps.sent", numeric: true },
  { key: "delivered", label: "campaigns.statistics.steps.delivered", numeric: true },
  { key: "errors", label: "campaigns.statistics.steps.errors", numeric: true },
];

function Cell({ row, column }: { row: StepStatisticRow; column: (typeof COLUMNS)[number] }) {
  if (column.key === "name")
    return (
      <TableCell sx={{ pl: row.parent_step_id === null ? 2 : 5, minWidth: 160 }}>
        {row.parent_step_id === null ? <strong>{row.name}</strong> : row.name}
      </TableCell>
    );
  if (column.key === "id") return <TableCell>{row.id}</TableCell>;
  const value = formatNumber(row[column.key] as number);
  return (
    <TableCell align="right" sx={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
      {value}
      {column.key === "clicked" && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 0.75 }}>
          {formatShare(row.clicked_percent)}
        </Typography>
      )}
    </TableCell>
  );
}

const idle = (r: StepStatisticRow) => !r.records && !r.sent && !r.delivered && !r.errors && !r.clicked;

/**
 * The By Step table: a row per step and split part (parts indented under their split); 'No Stats' while no step has
 * a figure (the steps exist from the start, their figures from the first send).
 */
export function ByStepTable({ rows }: { rows: StepStatisticRow[] | undefined }) {
  const t = useT();
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ mb: 2, overflowX: "auto" }}>
      <Table size="small" aria-label={t("campaigns.statistics.steps.label")} sx={{ minWidth: 620 }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c.key} align={c.numeric ? "right" : "left"} sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
                {t(c.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === undefined ? (
            [0, 1, 2].map((i) => (
              <TableRow key={i}>
                <TableCell colSpan={COLUMNS.length}>
                  <Skeleton />
                </TableCell>
              </TableRow>
            ))
          ) : rows.every(idle) ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length} align="center" sx={{ py: 4, color: "text.secondary" }}>
                {t("campaigns.statistics.steps.empty")}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.id} hover>
                {COLUMNS.map((c) => (
                  <Cell key={c.key} row={row} column={c} />
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
