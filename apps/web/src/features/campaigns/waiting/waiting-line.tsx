import type { CampaignWaitingBrief } from "@leadflow/contracts";
import { Typography } from "@mui/material";
import dayjs from "dayjs";
import { formatNumber } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { PlanningProgressBar } from "./planning-progress";

/** A time in a cell: the clock today, the date too on another day. */
export function shortWhen(iso: string, now = Date.now()): string {
  const at = dayjs(iso);
  return at.isSame(dayjs(now), "day") ? at.format("hh:mm A") : at.format("MM-DD hh:mm A");
}

/**
 * The list's waiting figure under a row's progress: "1,234 waiting · next 01:00 PM", then what the next message waits
 * for ("Quiet hours (NY)"). Nothing when nothing waits.
 */
export function WaitingLine({ brief, records }: { brief: CampaignWaitingBrief | undefined; records?: number }) {
  const t = useT();
  if (!brief || (brief.waiting === 0 && !brief.planning)) return null;
  const count = `${formatNumber(brief.waiting)}${brief.waiting_is_capped ? "+" : ""}`;
  const ahead = brief.next_send_at !== null && Date.parse(brief.next_send_at) > Date.now();
  const first = [
    ...(brief.waiting > 0 ? [t("campaigns.waiting.listLine", { count })] : []),
    // The bar below says it, with how far the planning is.
    ...(brief.waiting === 0 && !brief.planning_progress ? [t("campaigns.waiting.listPlanning")] : []),
    ...(ahead ? [t("campaigns.waiting.listNext", { date: shortWhen(brief.next_send_at!) })] : []),
  ].join(" · ");
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.3, mt: 0.25 }}>
      {first && <span style={{ whiteSpace: "nowrap" }}>{first}</span>}
      {brief.reason && brief.waiting > 0 && <span style={{ display: "block" }}>{brief.reason}</span>}
      {brief.planning_progress && <PlanningProgressBar progress={brief.planning_progress} records={records} dense />}
    </Typography>
  );
}
