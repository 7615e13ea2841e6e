import type { ImportFailureStatus, ImportStatus } from "@leadflow/contracts";
import { Chip, type ChipProps, Tooltip } from "@mui/material";
import { useT } from "../../../lib/i18n";

const IMPORT_COLORS = {
  uploaded: "default",
  mapped: "default",
  queued: "info",
  processing: "primary",
  synchronizing: "primary",
  completed: "success",
  failed: "error",
} as const satisfies Record<ImportStatus, ChipProps["color"]>;

const FAILURE_COLORS = { failed: "error", skipped: "warning", merged: "info", imported: "success" } as const satisfies Record<
  ImportFailureStatus,
  ChipProps["color"]
>;

/** `title` (a failed import's reason) shows on hover. */
export function ImportStatusChip({ status, title }: { status: ImportStatus; title?: string }) {
  const t = useT();
  const chip = <Chip size="small" variant="outlined" color={IMPORT_COLORS[status]} label={t(`imports.status.${status}`)} />;
  return title ? (
    <Tooltip title={title}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
}

export function FailureStatusChip({ status }: { status: ImportFailureStatus }) {
  const t = useT();
  return <Chip size="small" variant="outlined" color={FAILURE_COLORS[status]} label={t(`imports.failureStatus.${status}`)} />;
}
