import type { SourceStatus } from "@leadflow/contracts";
import { Chip } from "@mui/material";
import { useT } from "../../../lib/i18n";

const COLORS = { pending: "warning", active: "success", inactive: "default" } as const satisfies Record<
  SourceStatus,
  "warning" | "success" | "default"
>;

export function SourceStatusChip({ status }: { status: SourceStatus }) {
  const t = useT();
  return <Chip size="small" variant="outlined" color={COLORS[status]} label={t(`sources.status.${status}`)} />;
}
