import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type TableUrlState, useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { type PeriodState, readPeriod, writePeriod } from "../model/period";

export const CAMPAIGN_PAGE_SIZES = [15, 50, 100] as const;

/** Page (default 1), limit (default 50), search and sort of the list, in the URL (docs/product/campaigns.md). */
export function useCampaignsUrlState(): TableUrlState {
  return useTableUrlState({ limit: 50, limits: CAMPAIGN_PAGE_SIZES, sort: { key: "created_at", direction: "desc" } });
}

/** The list's period in the URL beside the table's state: a reload or a shared link keeps it. */
export function usePeriodUrlState(): [PeriodState, (next: PeriodState) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const read = readPeriod(searchParams);
  // One object while the URL says the same: the debounce and the queries key on it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the three fields stand for the object
  const period = useMemo(() => read, [read.choice, read.from, read.to]);
  const setPeriod = useCallback(
    (next: PeriodState) => setSearchParams((prev) => writePeriod(prev, next), { replace: true }),
    [setSearchParams],
  );
  return [period, setPeriod];
}
