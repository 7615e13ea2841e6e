import type { Aggregations, SourceSortKeys } from "@leadflow/contracts";
import { formatNumber } from "../../../components/data-table/format";
import { PercentBars } from "../../../components/data-table/percent-bars";
import type { DataTableColumn, SortKeyOf } from "../../../components/data-table/types";
import type { MessageKey } from "../../../lib/i18n";

type CounterKey = Exclude<keyof Aggregations, "id" | "percentage_lookup" | "percentage_verified">;
type AggregateSortKey = SortKeyOf<typeof SourceSortKeys>;

/** A right-aligned, sortable counter column shared by the sources and lists tables. */
export function counterColumn<T extends Aggregations>(
  key: CounterKey,
  header: MessageKey,
  showFrom?: DataTableColumn<T>["showFrom"],
): DataTableColumn<T, unknown, AggregateSortKey> {
  return {
    key,
    header: ({ t }) => t(header),
    sortKey: key,
    firstSortDirection: "desc",
    align: "right",
    showFrom,
    render: (row) => formatNumber(row[key]),
  };
}

/** 'Active Phones/Emails': verified and lookup percentages as two bars, sorted by the verified share. */
export function activeContactsColumn<T extends Aggregations>(header: MessageKey): DataTableColumn<T, unknown, AggregateSortKey> {
  return {
    key: "active",
    header: ({ t }) => t(header),
    sortKey: "percentage_verified",
    firstSortDirection: "desc",
    width: 190,
    showFrom: "xl",
    render: (row) => <PercentBars verified={row.percentage_verified} lookup={row.percentage_lookup} />,
  };
}
