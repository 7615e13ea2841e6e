import type { SenderEmailGroup, SenderEmailGroupSortKeys } from "@leadflow/contracts";
import { Typography } from "@mui/material";
import { editDeleteButtonsColumn } from "../../../components/crud/crud-actions-column";
import type { CrudRowActions } from "../../../components/crud/crud-settings-config";
import type { Columns, SortKeyOf } from "../../../components/data-table/types";
import { formatNumber } from "../../../lib/format";
import { fromNames, userNames } from "../model/sender-summary";
import { ExpandableList } from "./expandable-list";

/** Sender Email Groups (docs/product/audiences-lookups-settings.md): Name, Names, Username, Count, edit/delete. */
export const senderGroupColumns: Columns<SenderEmailGroup, CrudRowActions<SenderEmailGroup>, SortKeyOf<typeof SenderEmailGroupSortKeys>> = [
  {
    key: "name",
    header: ({ t }) => t("emailGroups.sender.columns.name"),
    sortKey: "name",
    hideable: false,
    minWidth: { xs: 110, lg: 180 },
    render: (g) => (
      <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
        {g.name}
      </Typography>
    ),
  },
  {
    key: "names",
    header: ({ t }) => t("emailGroups.sender.columns.names"),
    showFrom: "sm",
    minWidth: 150,
    render: (g, { t }) => <ExpandableList items={fromNames(g)} moreLabel={(hidden) => t("emailGroups.plus", { count: hidden })} />,
  },
  {
    key: "usernames",
    header: ({ t }) => t("emailGroups.sender.columns.username"),
    minWidth: 120,
    render: (g, { t }) => (
      <ExpandableList items={userNames(g)} moreLabel={(hidden) => t("emailGroups.plus", { count: hidden })} monospace />
    ),
  },
  {
    key: "count",
    header: ({ t }) => t("emailGroups.sender.columns.count"),
    sortKey: "count",
    firstSortDirection: "desc",
    // Phones: the "+N" beside the first user name says as much.
    showFrom: "sm",
    align: "right",
    width: 90,
    render: (g) => formatNumber(g.count),
  },
  editDeleteButtonsColumn({ edit: "emailGroups.edit", delete: "emailGroups.delete" }),
];
