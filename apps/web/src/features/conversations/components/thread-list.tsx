import { type ConversationBrief, type ConversationFilter, ConversationFilters } from "@leadflow/contracts";
import ForumIcon from "@mui/icons-material/ForumOutlined";
import SearchIcon from "@mui/icons-material/Search";
import { Box, Button, Chip, CircularProgress, InputAdornment, List, ListItemButton, Stack, TextField, Typography } from "@mui/material";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { UserAvatar } from "../../../components/user-avatar/user-avatar";
import { useAccountPath } from "../../../lib/account-context";
import { dataKey, useT } from "../../../lib/i18n";
import { conversationListQuery } from "../api/conversations.api";
import { shortTime } from "../model/thread-time";

interface Props {
  filter: ConversationFilter;
  search: string;
  selectedId: number | null;
  onFilter(filter: ConversationFilter): void;
  onSearch(search: string): void;
}

/** The inbox's left pane: filters and search on top, the threads newest first, paged as the list scrolls. */
export function ThreadList({ filter, search, selectedId, onFilter, onSearch }: Props) {
  const t = useT();
  const list = useInfiniteQuery(conversationListQuery({ filter, search }));
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = filter !== "all" || search !== "";
  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }}>
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: "divider" }}>
        <TextField
          size="small"
          fullWidth
          placeholder={t("conversations.search")}
          defaultValue={search}
          onChange={(e) => onSearch(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { "aria-label": t("conversations.search") },
          }}
        />
        <Stack direction="row" sx={{ mt: 1, gap: 0.75, flexWrap: "wrap" }}>
          {ConversationFilters.map((f) => (
            <Chip
              key={f}
              size="small"
              label={t(dataKey("conversations.filter", f))}
              color={f === filter ? "primary" : "default"}
              variant={f === filter ? "filled" : "outlined"}
              onClick={() => onFilter(f)}
            />
          ))}
        </Stack>
      </Box>
      <Box sx={{ flex: 1, overflowY: "auto", minHeight: 0 }}>
        {list.isPending ? (
          <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
            <CircularProgress size={28} />
          </Box>
        ) : rows.length === 0 ? (
          <EmptyState
            bare
            icon={<ForumIcon />}
            title={t(filtered ? "conversations.emptyFiltered" : "conversations.empty")}
            text={t(filtered ? "conversations.emptyFilteredText" : "conversations.emptyText")}
          />
        ) : (
          <List disablePadding aria-label={t("conversations.title")}>
            {rows.map((c) => (
              <ThreadRow key={c.id} c={c} selected={c.id === selectedId} />
            ))}
          </List>
        )}
        {list.hasNextPage && (
          <Box sx={{ p: 1.5, textAlign: "center" }}>
            <Button size="small" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {t("conversations.loadMore")}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}

function ThreadRow({ c, selected }: { c: ConversationBrief; selected: boolean }) {
  const t = useT();
  const p = useAccountPath();
  const unread = c.unread_count > 0;
  return (
    <ListItemButton
      component={Link}
      to={p(`conversations/${c.id}`)}
      selected={selected}
      data-testid="conversation-row"
      sx={{ alignItems: "flex-start", gap: 1.25, py: 1.25, borderBottom: 1, borderColor: "divider" }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: "baseline", gap: 1 }}>
          <Typography noWrap sx={{ flex: 1, fontWeight: unread ? 700 : 500, fontSize: "0.92rem" }}>
            {c.lead_name ?? c.phone}
          </Typography>
          <Typography
            variant="caption"
            color={unread ? "primary" : "text.secondary"}
            sx={{ flexShrink: 0, fontWeight: unread ? 700 : 400 }}
          >
            {shortTime(c.last_activity_at)}
          </Typography>
        </Stack>
        {c.lead_name && (
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {c.phone}
          </Typography>
        )}
        <Stack direction="row" sx={{ alignItems: "center", gap: 1, mt: 0.25 }}>
          <Typography variant="body2" color={unread ? "text.primary" : "text.secondary"} noWrap sx={{ flex: 1, minWidth: 0 }}>
            {c.last_direction === "out" ? `${t("conversations.you")}: ` : ""}
            {c.last_message ?? ""}
          </Typography>
          {c.opted_out && <Chip size="small" label={t("conversations.optedOut")} color="warning" variant="outlined" sx={{ height: 20 }} />}
          {c.closed && <Chip size="small" label={t("conversations.closed")} variant="outlined" sx={{ height: 20 }} />}
          {c.assigned_user && <UserAvatar id={c.assigned_user.id} name={c.assigned_user.name} size={22} />}
          {unread && (
            <Box
              aria-label={t("conversations.unread", { count: c.unread_count })}
              sx={{
                minWidth: 20,
                height: 20,
                px: 0.5,
                borderRadius: 10,
                bgcolor: "primary.main",
                color: "primary.contrastText",
                fontSize: 12,
                fontWeight: 700,
                display: "grid",
                placeItems: "center",
              }}
            >
              {c.unread_count}
            </Box>
          )}
        </Stack>
      </Box>
    </ListItemButton>
  );
}
