import type { ShortUrlDomainSortKeys } from "@leadflow/contracts";
import { Box, Chip, Stack, Tooltip, Typography } from "@mui/material";
import { Fragment } from "react";
import type { CrudContext } from "../../../components/crud/crud-settings-config";
import type { Columns, SortKeyOf } from "../../../components/data-table/types";
import type { ShortUrlDomainRow } from "../api/short-urls.api";
import { breakPoints } from "../model/short-url-state";
import { DnsChip } from "./dns-chip";
import { ShortUrlActions } from "./short-url-actions";
import type { ShortUrlExtras } from "./use-short-url-extras";

/** A long address in one line, whole in its tooltip. */
function Address({ value }: { value: string | null }) {
  if (!value) return <Typography color="text.disabled">—</Typography>;
  return (
    <Tooltip title={value}>
      <Box
        component="span"
        sx={{ display: "block", maxWidth: { md: 160, xl: 200 }, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
      >
        {value}
      </Box>
    </Tooltip>
  );
}

/** A host or link that wraps only after its dots and slashes (a very long label still breaks to fit). */
function Wrapping({ text }: { text: string }) {
  return breakPoints(text).map((part, i) => (
    // The parts of one text, in order: the position is their identity.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** Short Url Domains: Domain, Access, Redirect to, DNS, HTTPS, Sort order, actions. */
export const shortUrlColumns: Columns<
  ShortUrlDomainRow,
  CrudContext<ShortUrlDomainRow, ShortUrlExtras>,
  SortKeyOf<typeof ShortUrlDomainSortKeys>
> = [
  {
    key: "url",
    header: ({ t }) => t("shortUrls.columns.url"),
    sortKey: "url",
    hideable: false,
    minWidth: { xs: 140, lg: 170 },
    render: (d) => (
      <Stack sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "break-word" }}>
          <Wrapping text={d.url} />
        </Typography>
        {/* Narrow screens hide the Redirect to column: the domain carries it. */}
        {d.redirect_to && (
          <Typography variant="caption" color="text.secondary" sx={{ display: { md: "none" }, overflowWrap: "break-word" }}>
            → <Wrapping text={d.redirect_to} />
          </Typography>
        )}
      </Stack>
    ),
  },
  {
    key: "access",
    header: ({ t }) => t("shortUrls.columns.access"),
    sortKey: "access",
    showFrom: "sm",
    render: (d, { t }) => (
      <Chip
        size="small"
        variant="outlined"
        color={d.access === "enabled" ? "success" : "default"}
        label={t(d.access === "enabled" ? "shortUrls.access.enabled" : "shortUrls.access.disabled")}
      />
    ),
  },
  {
    key: "redirect_to",
    header: ({ t }) => t("shortUrls.columns.redirectTo"),
    sortKey: "redirect_to",
    showFrom: "md",
    render: (d) => <Address value={d.redirect_to} />,
  },
  {
    key: "dns",
    header: ({ t }) => t("shortUrls.columns.dns"),
    hideable: false,
    render: (d) => <DnsChip domain={d} />,
  },
  {
    key: "https_enabled",
    header: ({ t }) => t("shortUrls.columns.https"),
    sortKey: "https_enabled",
    showFrom: "sm",
    render: (d, { t }) => (
      <Chip
        size="small"
        variant={d.https_enabled ? "filled" : "outlined"}
        color={d.https_enabled ? "success" : "default"}
        label={t(d.https_enabled ? "shortUrls.https.on" : "shortUrls.https.off")}
      />
    ),
  },
  {
    key: "sort_order",
    header: ({ t }) => t("shortUrls.columns.sortOrder"),
    sortKey: "sort_order",
    showFrom: "md",
    align: "right",
    // The header and its sort arrow on one line (a table cell's width gives way; its min-width holds).
    minWidth: 130,
    render: (d) => d.sort_order,
  },
  {
    key: "actions",
    header: "",
    align: "right",
    width: 56,
    hideable: false,
    render: (d, context) => <ShortUrlActions domain={d} context={context} />,
  },
];
