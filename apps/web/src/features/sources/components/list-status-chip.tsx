import { Chip } from "@mui/material";
import { dataKey, useT } from "../../../lib/i18n";

/** Lists are active or inactive; older data may carry Pending or Unsubscribed, shown neutral. */
export function ListStatusChip({ status }: { status: string }) {
  const t = useT();
  return (
    <Chip size="small" variant="outlined" color={status === "active" ? "success" : "default"} label={t(dataKey("lists.status", status))} />
  );
}
