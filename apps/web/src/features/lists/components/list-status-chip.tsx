import type { ListStatus } from "@leadflow/contracts";
import { Chip } from "@mui/material";
import { useT } from "../../../lib/i18n";

export function ListStatusChip({ status }: { status: ListStatus }) {
  const t = useT();
  return <Chip size="small" variant="outlined" color={status === "active" ? "success" : "default"} label={t(`lists.status.${status}`)} />;
}
