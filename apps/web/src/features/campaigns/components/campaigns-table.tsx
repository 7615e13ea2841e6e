import type { CampaignPage, CampaignRow } from "@leadflow/contracts";
import type { ReactNode } from "react";
import { DataTable, type DataTableQuery } from "../../../components/data-table/data-table";
import type { TableState } from "../../../components/data-table/types";
import { tn, useT } from "../../../lib/i18n";
import { campaignColumns } from "./campaign-columns";
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

/** The campaign list's table: 28 columns (chooser remembered), selection, sort, search and paging; rows open the campaign. */
export function CampaignsTable({ query, state, selected, onSelect, href, toolbarActions }: CampaignsTableProps) {
  const t = useT();
  return (
    <DataTable
      aria-label={t("campaigns.tableLabel")}
      columns={campaignColumns}
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
