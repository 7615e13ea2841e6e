import { type CampaignStatus, CampaignStatusLabels } from "@leadflow/contracts";
import { Chip, type ChipProps } from "@mui/material";

const colors = {
  draft: "default",
  scheduled: "info",
  active: "success",
  paused: "warning",
  processing: "primary",
  completed: "secondary",
  failed: "error",
  stop: "default",
} as const satisfies Record<CampaignStatus, ChipProps["color"]>;

/** A campaign's status as a coloured chip; the server's label wins, the contract's backs it up. */
export function CampaignStatusChip({ status, label }: { status: CampaignStatus; label?: string }) {
  return (
    <Chip
      size="small"
      variant={status === "active" ? "filled" : "outlined"}
      color={colors[status]}
      label={label || CampaignStatusLabels[status]}
    />
  );
}
