import type { TeamUser } from "@leadflow/contracts";
import { Box, Button, Chip, Stack, Tooltip, Typography } from "@mui/material";
import type { Columns, DataTableColumn } from "../../../components/data-table/types";
import { UserAvatar } from "../../../components/user-avatar/user-avatar";
import { formatDateTime, fromNow } from "../../../lib/format";
import { teamStatusColor } from "./team-status";

export interface TeamColumnsContext {
  currentUserId: number | undefined;
  onToggleBlock: (user: TeamUser) => void;
}

type TeamColumn = DataTableColumn<TeamUser, TeamColumnsContext>;

const muted = { color: "text.secondary" } as const;

const columns: TeamColumn[] = [
  {
    key: "name",
    header: ({ t }) => t("team.name"),
    minWidth: 220,
    render: (u, { t, currentUserId }) => (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
        <UserAvatar id={u.id} name={u.name} size={30} />
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
          {u.name}
        </Typography>
        {u.id === currentUserId && <Chip size="small" label={t("team.you")} variant="outlined" />}
      </Stack>
    ),
  },
  {
    key: "email",
    header: ({ t }) => t("team.email"),
    minWidth: 180,
    render: (u) => (
      <Box component="span" sx={muted}>
        {u.email}
      </Box>
    ),
  },
  {
    key: "role",
    header: ({ t }) => t("team.role"),
    render: (u, { t }) => (
      <Chip
        size="small"
        label={t(`role.${u.role}`)}
        color={u.role === "team_admin" ? "primary" : "default"}
        variant={u.role === "team_admin" ? "filled" : "outlined"}
      />
    ),
  },
  {
    key: "status",
    header: ({ t }) => t("team.status"),
    render: (u, { t }) => <Chip size="small" label={t(`status.${u.status}`)} color={teamStatusColor[u.status]} variant="outlined" />,
  },
  {
    key: "last_seen_at",
    header: ({ t }) => t("team.lastSeen"),
    render: (u, { t }) => (
      <Box component="span" sx={{ ...muted, whiteSpace: "nowrap" }}>
        {u.last_seen_at ? (
          <Tooltip title={formatDateTime(u.last_seen_at)}>
            <span>{fromNow(u.last_seen_at)}</span>
          </Tooltip>
        ) : (
          t("common.never")
        )}
      </Box>
    ),
  },
];

const blockColumn: TeamColumn = {
  key: "actions",
  header: "",
  align: "right",
  render: (u, { t, currentUserId, onToggleBlock }) =>
    u.id !== currentUserId && (
      <Button size="small" color={u.status === "blocked" ? "primary" : "error"} onClick={() => onToggleBlock(u)}>
        {u.status === "blocked" ? t("team.unblock") : t("team.block")}
      </Button>
    ),
};

/** The team's users: a read-only list, or with Block/Unblock for an admin. */
export const teamColumns: Columns<TeamUser, TeamColumnsContext> = columns;
export const teamAdminColumns: Columns<TeamUser, TeamColumnsContext> = [...columns, blockColumn];
