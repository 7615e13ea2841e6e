import type { Aggregations } from "@leadflow/contracts";
import { formatNumber } from "../../../components/data-table/format";
import { PercentBars } from "../../../components/data-table/percent-bars";
import type { DataTableColumn } from "../../../components/data-table/types";

type CounterKey = Exclude<keyof Aggregations, "id" | "percentage_lookup" | "percentage_verified">;

/** A right-aligned, sortable counter column shared by the sources and lists tables. */
export function counterColumn<T extends Aggregations>(
  key: CounterKey,
  header: string,
  showFrom?: DataTableColumn<T>["showFrom"],
): DataTableColumn<T> {
  return { key, header, sortable: true, firstSortDirection: "desc", align: "right", showFrom, render: (row) => formatNumber(row[key]) };
}

/** 'Active Phones/Emails': verified and lookup percentages as two bars, sorted by the verified share. */
export function activeContactsColumn<T extends Aggregations>(header: string): DataTableColumn<T> {
  return {
    key: "active",
    header,
    sortable: true,
    sortKey: "percentage_verified",
    firstSortDirection: "desc",
    width: 190,
    showFrom: "xl",
    render: (row) => <PercentBars verified={row.percentage_verified} lookup={row.percentage_lookup} />,
  };
}
