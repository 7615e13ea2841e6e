import type { SenderType } from "@leadflow/contracts";
import { Box, Chip, Tooltip } from "@mui/material";
import { dataKey, useT } from "../../../lib/i18n";
import { senderDisplay } from "../model/sender";

export interface SenderChipProps {
  label: string;
  sender: { gateway_name: string; sender_type: SenderType; sender: string; sender_name: string; frequency?: number };
}

/** A route group or a pool sender as a chip; the tooltip says gateway, sender, type (and frequency for groups). */
export function SenderChip({ label, sender }: SenderChipProps) {
  const t = useT();
  const lines = [
    t("routing.tooltip.gateway", { name: sender.gateway_name }),
    t("routing.tooltip.sender", { sender: senderDisplay(sender) }),
    t("routing.tooltip.type", { type: t(dataKey("routing.senderType", sender.sender_type)) }),
    ...(sender.frequency === undefined ? [] : [t("routing.tooltip.frequency", { count: sender.frequency })]),
  ];
  return (
    <Tooltip
      title={
        <Box component="span" sx={{ display: "block", whiteSpace: "pre-line" }}>
          {lines.join("\n")}
        </Box>
      }
    >
      <Chip size="small" variant="outlined" label={label} tabIndex={0} aria-label={`${label}: ${lines.join(", ")}`} />
    </Tooltip>
  );
}
