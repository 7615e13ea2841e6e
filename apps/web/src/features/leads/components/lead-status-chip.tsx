import { type LeadStatus, LeadStatusLabels } from "@leadflow/contracts";
import { Chip } from "@mui/material";
import { leadStatusColor } from "../model/lead-selection";

/** A lead's status; the server's label wins, the contract's names back it up. */
export function LeadStatusChip({ status, label, size = "small" }: { status: number; label?: string | null; size?: "small" | "medium" }) {
  const text = label || LeadStatusLabels[status as LeadStatus] || String(status);
  return <Chip size={size} variant="outlined" color={leadStatusColor(status)} label={text} />;
}
