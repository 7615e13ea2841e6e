import type { CampaignPage, CampaignRow } from "@leadflow/contracts";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { DataTable, type DataTableQuery } from "../../../components/data-table/data-table";
import type { TableState } from "../../../components/data-table/types";
import { tn, useT } from "../../../lib/i18n";
import { useWaitingLiveReload, WAITING_STATUSES, waitingBriefsQuery } from "../waiting/waiting.api";
import { type CampaignColumnsContext, campaignColumns } from "./campaign-columns";
import { CAMPAIGN_PAGE_SIZES } from "./use-campaigns-url-state";

export const CAMPAIGN_COLUMNS_STORAGE_KEY = "leadflow.columns.campaigns";

export interface CampaignsTableProps {
  query: DataTableQuery<CampaignPage>;
  state: TableState;
  selected: number[];
  onSelect: (ids: number[]) => void;
  href: (row: CampaignRow) => string;
  toolbarActions?: ReactNode;
}

/** The page's Active and Paused campaigns' waiting figures, for the Progress cells; reloaded as they send. */
function usePageWaiting(rows: readonly CampaignRow[] | undefined): CampaignColumnsContext {
  const ids = (rows ?? []).filter((r) => WAITING_STATUSES.includes(r.status)).map((r) => r.id);
  const briefs = useQuery(waitingBriefsQuery(ids));
  useWaitingLiveReload(ids, "list");
  const data = briefs.data?.data;
  return useMemo(() => ({ waiting: new Map((data ?? []).map((b) => [b.id, b])) }), [data]);
}

/** The campaign list's table: 28 columns (chooser remembered), selection, sort, search and paging; rows open the campaign. */
export function CampaignsTable({ query, state, selected, onSelect, href, toolbarActions }: CampaignsTableProps) {
  const t = useT();
  const context = usePageWaiting(query.data?.data);
  return (
    <DataTable
      aria-label={t("campaigns.tableLabel")}
      columns={campaignColumns}
      context={context}
      query={query}
      state={state}
      pageSizes={CAMPAIGN_PAGE_SIZES}
      selection={{ selected, onChange: onSelect }}
      rowHref={href}
      columnsStorageKey={CAMPAIGN_COLUMNS_STORAGE_KEY}
      dense
      emptyText={t("campaigns.empty")}
      searchPlaceholder={t("campaigns.searchPlaceholder")}
      countLabel={(n) => tn("campaigns.count", n, { count: n.toLocaleString("en-US") })}
      toolbarActions={toolbarActions}
    />
  );
}
