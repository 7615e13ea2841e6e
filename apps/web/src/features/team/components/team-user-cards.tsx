import type { TeamUser } from "@leadflow/contracts";
import { Box, Button, Chip, Paper, Skeleton, Stack, Typography } from "@mui/material";
import { UserAvatar } from "../../../components/user-avatar/user-avatar";
import { fromNow } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { teamStatusColor } from "./team-status";

/** Phones: one card per user instead of a wide table. */
export function TeamUserCards({
  users,
  loading,
  currentUserId,
  canManage,
  onToggleBlock,
}: {
  users: TeamUser[] | undefined;
  loading: boolean;
  currentUserId: number | undefined;
  canManage: boolean;
  onToggleBlock: (user: TeamUser) => void;
}) {
  const t = useT();
  if (loading && !users) {
    return (
      <Paper variant="outlined" sx={{ p: 2 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={56} />
        ))}
      </Paper>
    );
  }
  if (!users?.length) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: "center", color: "text.secondary" }}>
        {t("team.empty")}
      </Paper>
    );
  }
  return (
    <Paper variant="outlined">
      <Stack divider={<Box sx={{ borderTop: 1, borderColor: "divider" }} />}>
        {users.map((u) => {
          const isMe = u.id === currentUserId;
          return (
            <Stack key={u.id} direction="row" spacing={1.5} sx={{ p: 2, alignItems: "flex-start" }}>
              <UserAvatar id={u.id} name={u.name} size={36} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                  {u.name}
                  {isMe && (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {" "}
                      · {t("team.you")}
                    </Typography>
                  )}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {u.email}
                </Typography>
                <Stack direction="row" spacing={0.75} sx={{ mt: 1, alignItems: "center", flexWrap: "wrap", rowGap: 0.75 }}>
                  <Chip
                    size="small"
                    label={t(`role.${u.role}`)}
                    color={u.role === "team_admin" ? "primary" : "default"}
                    variant={u.role === "team_admin" ? "filled" : "outlined"}
                  />
                  <Chip size="small" label={t(`status.${u.status}`)} color={teamStatusColor[u.status]} variant="outlined" />
                  <Typography variant="caption" color="text.secondary">
                    {u.last_seen_at ? fromNow(u.last_seen_at) : t("common.never")}
                  </Typography>
                </Stack>
              </Box>
              {canManage && !isMe && (
                <Button size="small" color={u.status === "blocked" ? "primary" : "error"} onClick={() => onToggleBlock(u)}>
                  {u.status === "blocked" ? t("team.unblock") : t("team.block")}
                </Button>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
