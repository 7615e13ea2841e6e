import type { SpamEmailGroup, SpamEmailGroupSortKeys } from "@leadflow/contracts";
import { Box, Stack, Typography } from "@mui/material";
import { editDeleteButtonsColumn } from "../../../components/crud/crud-actions-column";
import type { CrudRowActions } from "../../../components/crud/crud-settings-config";
import type { Columns, SortKeyOf } from "../../../components/data-table/types";
import { useT } from "../../../lib/i18n";
import { ExpandableList } from "./expandable-list";

/** The group's first address and "+N more", which shows the rest. */
function Emails({ group }: { group: SpamEmailGroup }) {
  const t = useT();
  return (
    <ExpandableList items={group.emails.map((e) => e.email)} moreLabel={(hidden) => t("emailGroups.more", { count: hidden })} monospace />
  );
}

/** Spam Email Groups: the group's name, its addresses (the first, expandable), edit/delete. */
export const spamGroupColumns: Columns<SpamEmailGroup, CrudRowActions<SpamEmailGroup>, SortKeyOf<typeof SpamEmailGroupSortKeys>> = [
  {
    key: "name",
    header: ({ t }) => t("emailGroups.spam.columns.name"),
    sortKey: "name",
    hideable: false,
    minWidth: { xs: 120, lg: 220 },
    render: (g) => (
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
          {g.name}
        </Typography>
        {/* Phones hide List Of Emails (its long header would stand in four lines): the name carries the list. */}
        <Box sx={{ display: { sm: "none" } }}>
          <Emails group={g} />
        </Box>
      </Stack>
    ),
  },
  {
    key: "emails",
    header: ({ t }) => t("emailGroups.spam.columns.emails"),
    showFrom: "sm",
    minWidth: { sm: 200, md: 280 },
    render: (g) => <Emails group={g} />,
  },
  editDeleteButtonsColumn({ edit: "emailGroups.edit", delete: "emailGroups.delete" }),
];
