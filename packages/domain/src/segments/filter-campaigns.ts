import type { SegmentFilter } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { checkCustomDates } from "./filter-data";
import { idValues, type RowScope } from "./filter-values";

/**
 * Campaign filters (what the lead did with the chosen campaigns — none chosen: any campaign — within the period,
 * narrowed to message statuses). No campaign has been sent yet: there are no campaign or message tables, so
 * every campaign filter matches no lead. The campaigns work replaces this with EXISTS over the lead's messages
 * (by team and lead) in the period; the row is validated now so saved trees stay valid then.
 */
export function campaignCondition(f: SegmentFilter, scope: RowScope): SQL | null {
  const ids = idValues(f, scope, true);
  const dates = f.period !== "custom_dates" || checkCustomDates(f, scope);
  return ids && dates ? sql`FALSE` : null;
}
