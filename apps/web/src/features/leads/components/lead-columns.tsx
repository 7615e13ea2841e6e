import type { LeadAttribute, LeadRow } from "@leadflow/contracts";
import { Box, Link } from "@mui/material";
import { Fragment } from "react";
import { Link as RouterLink } from "react-router";
import { DateCell } from "../../../components/data-table/date-cell";
import { formatNumber } from "../../../components/data-table/format";
import type { DataTableColumn } from "../../../components/data-table/types";
import type { t as translate } from "../../../lib/i18n";
import { formatMoney } from "../model/format";
import { joinValues } from "../model/lead-values";
import { LeadStatusChip } from "./lead-status-chip";

export const attributeColumnKey = (a: Pick<LeadAttribute, "id">) => `attr:${a.id}`;

/** Phone and Email (the built-in attributes, and any contact-type one) always show. */
const isContact = (a: LeadAttribute) => a.is_system || a.type !== "string";

/** A phone or an email never breaks inside; several break at their '; '. */
function ContactValues({ values }: { values: readonly string[] | undefined }) {
  const shown = (values ?? []).filter((v) => v.trim() !== "");
  if (shown.length === 0) return "—";
  return shown.map((v, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a lead's values of one attribute may repeat; their order is fixed
    <Fragment key={i}>
      <Box component="span" sx={{ whiteSpace: "nowrap" }}>
        {v}
        {i < shown.length - 1 ? ";" : ""}
      </Box>
      {i < shown.length - 1 ? " " : ""}
    </Fragment>
  ));
}

function attributeColumn(a: LeadAttribute): DataTableColumn<LeadRow> {
  const contact = isContact(a);
  return {
    key: attributeColumnKey(a),
    header: a.name,
    hideable: !contact,
    showFrom: contact ? undefined : "md",
    render: (row) =>
      contact ? (
        <ContactValues values={row.values[String(a.id)]} />
      ) : (
        <Box component="span" sx={{ display: "block", minWidth: 80, maxWidth: 280, overflowWrap: "break-word" }}>
          {joinValues(row.values[String(a.id)])}
        </Box>
      ),
  };
}

/**
 * A lead table: ID, Updated Date, one column per attribute of the answer, Revenue, Duplicates, Status.
 * The ID is a link, so the row opens from the keyboard too.
 */
export function leadColumns(
  t: typeof translate,
  attributes: readonly LeadAttribute[],
  href: (row: LeadRow) => string,
  newWindow = false,
): DataTableColumn<LeadRow>[] {
  return [
    {
      key: "id",
      header: t("leads.columns.id"),
      sortKey: "id",
      firstSortDirection: "desc",
      width: 80,
      render: (row) => (
        <Link
          component={RouterLink}
          to={href(row)}
          {...(newWindow ? { target: "_blank", rel: "noopener" } : {})}
          underline="hover"
          sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums" }}
        >
          {row.id}
        </Link>
      ),
    },
    {
      key: "updated_at",
      header: t("leads.columns.updatedAt"),
      sortKey: "updated_at",
      firstSortDirection: "desc",
      showFrom: "sm",
      width: 110,
      render: (row) => <DateCell value={row.updated_at} />,
    },
    ...attributes.map(attributeColumn),
    {
      key: "revenue",
      header: t("leads.columns.revenue"),
      sortKey: "revenue",
      firstSortDirection: "desc",
      align: "right",
      showFrom: "lg",
      render: (row) => formatMoney(row.revenue),
    },
    {
      key: "duplicates_count",
      header: t("leads.columns.duplicates"),
      sortKey: "duplicates_count",
      firstSortDirection: "desc",
      align: "right",
      showFrom: "lg",
      render: (row) => formatNumber(row.duplicates_count),
    },
    {
      key: "status",
      header: t("leads.columns.status"),
      sortKey: "status",
      stickyRight: true,
      render: (row) => <LeadStatusChip status={row.status} label={row.status_label} />,
    },
  ];
}
