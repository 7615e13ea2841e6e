import type { TeamUser } from "@leadflow/contracts";
import {
  Box,
  Button,
  Chip,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { UserAvatar } from "../../../components/user-avatar/user-avatar";
import { formatDateTime, fromNow } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { teamStatusColor } from "./team-status";

export interface TeamUsersTableProps {
  users: TeamUser[] | undefined;
  total: number;
  page: number;
  limit: number;
  loading: boolean;
  currentUserId: number | undefined;
  canManage: boolean;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  onToggleBlock: (user: TeamUser) => void;
}

export function TeamUsersTable({
  users,
  total,
  page,
  limit,
  loading,
  currentUserId,
  canManage,
  onPageChange,
  onLimitChange,
  onToggleBlock,
}: TeamUsersTableProps) {
  const t = useT();
  const columns = 5 + (canManage ? 1 : 0);
  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <TableContainer>
        <Table sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t("team.name")}</TableCell>
              <TableCell>{t("team.email")}</TableCell>
              <TableCell>{t("team.role")}</TableCell>
              <TableCell>{t("team.status")}</TableCell>
              <TableCell>{t("team.lastSeen")}</TableCell>
              {canManage && <TableCell align="right" />}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading &&
              !users &&
              Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: skeleton rows have no identity
                <TableRow key={i}>
                  {Array.from({ length: columns }, (_, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: skeleton cells have no identity
                    <TableCell key={j}>
                      <Skeleton width={j === 0 ? 160 : 90} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {users?.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns} sx={{ py: 6, textAlign: "center", color: "text.secondary" }}>
                  {t("team.empty")}
                </TableCell>
              </TableRow>
            )}
            {users?.map((u) => {
              const isMe = u.id === currentUserId;
              return (
                <TableRow key={u.id} hover>
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
                      <UserAvatar id={u.id} name={u.name} size={30} />
                      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
                        {u.name}
                      </Typography>
                      {isMe && <Chip size="small" label={t("team.you")} variant="outlined" />}
                    </Stack>
                  </TableCell>
                  <TableCell sx={{ color: "text.secondary" }}>{u.email}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={t(`role.${u.role}`)}
                      color={u.role === "team_admin" ? "primary" : "default"}
                      variant={u.role === "team_admin" ? "filled" : "outlined"}
                    />
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={t(`status.${u.status}`)} color={teamStatusColor[u.status]} variant="outlined" />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap", color: "text.secondary" }}>
                    {u.last_seen_at ? (
                      <Tooltip title={formatDateTime(u.last_seen_at)}>
                        <span>{fromNow(u.last_seen_at)}</span>
                      </Tooltip>
                    ) : (
                      t("common.never")
                    )}
                  </TableCell>
                  {canManage && (
                    <TableCell align="right">
                      {!isMe && (
                        <Button size="small" color={u.status === "blocked" ? "primary" : "error"} onClick={() => onToggleBlock(u)}>
                          {u.status === "blocked" ? t("team.unblock") : t("team.block")}
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {total > 0 && (
        <Box sx={{ borderTop: 1, borderColor: "divider" }}>
          <TablePagination
            component="div"
            count={total}
            page={page - 1}
            rowsPerPage={limit}
            rowsPerPageOptions={[15, 50, 100]}
            onPageChange={(_, p) => onPageChange(p + 1)}
            onRowsPerPageChange={(e) => onLimitChange(Number(e.target.value))}
          />
        </Box>
      )}
    </Paper>
  );
}
