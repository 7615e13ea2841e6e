import type { ImportFailure } from "@leadflow/contracts";
import { Link, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import type { DataTableColumn } from "../../../components/data-table/types";
import { formatDateTime } from "../../../lib/format";
import type { t as translate } from "../../../lib/i18n";
import { FailureStatusChip } from "./import-status-chip";

const mono = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: "0.8125rem", whiteSpace: "nowrap" } as const;

/** The failed-history table: Status, Reason, Phone, Lead By Phone, Email, Lead By Email, Created At. */
export function failedRowsColumns(t: typeof translate, leadHref: (id: number) => string): DataTableColumn<ImportFailure>[] {
  const leadLink = (id: number | null) =>
    id === null ? (
      <Typography component="span" color="text.disabled">
        —
      </Typography>
    ) : (
      <Link component={RouterLink} to={leadHref(id)} underline="hover" sx={{ fontWeight: 600 }}>
        #{id}
      </Link>
    );
  const value = (v: string | null) =>
    v ? (
      <span style={mono}>{v}</span>
    ) : (
      <Typography component="span" color="text.disabled">
        —
      </Typography>
    );
  return [
    {
      key: "line",
      header: t("importFile.columns.line"),
      sortKey: "line",
      align: "right",
      width: 64,
      showFrom: "xl",
      render: (r) => r.line,
    },
    { key: "status", header: t("importFile.columns.status"), sortKey: "status", render: (r) => <FailureStatusChip status={r.status} /> },
    {
      key: "failed_reason",
      header: t("importFile.columns.reason"),
      sortKey: "failed_reason",
      minWidth: { xs: 160, lg: 200 },
      render: (r) => <Typography variant="body2">{r.failed_reason_label}</Typography>,
    },
    { key: "phone", header: t("importFile.columns.phone"), hideable: false, render: (r) => value(r.phone) },
    {
      key: "found_lead_by_phone",
      header: t("importFile.columns.leadByPhone"),
      showFrom: "sm",
      render: (r) => leadLink(r.found_lead_by_phone),
    },
    { key: "email", header: t("importFile.columns.email"), hideable: false, render: (r) => value(r.email) },
    {
      key: "found_lead_by_email",
      header: t("importFile.columns.leadByEmail"),
      showFrom: "sm",
      render: (r) => leadLink(r.found_lead_by_email),
    },
    {
      key: "created_at",
      header: t("importFile.columns.createdAt"),
      sortKey: "created_at",
      showFrom: "lg",
      // Date above time keeps the column narrow: eight columns share a laptop screen.
      render: (r) => {
        const [date, ...time] = formatDateTime(r.created_at).split(" ");
        return (
          <span style={{ whiteSpace: "nowrap" }}>
            {date}
            <br />
            {time.join(" ")}
          </span>
        );
      },
    },
  ];
}
