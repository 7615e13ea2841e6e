import { SuppressionReasons } from "@leadflow/contracts";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Box, Button, CircularProgress, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { useAccountPath } from "../../../lib/account-context";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { conversationThreadQuery, useConversationAction } from "../api/conversations.api";
import { AssignMenu } from "./assign-menu";
import { ReplyBox } from "./reply-box";
import { ThreadItemView } from "./thread-item";

/** The inbox's right pane: who it is, assign and close, the messages oldest to newest, and the reply box. */
export function ThreadView({ id, showBack }: { id: number; showBack: boolean }) {
  const t = useT();
  const p = useAccountPath();
  const { enqueueSnackbar } = useSnackbar();
  const thread = useInfiniteQuery(conversationThreadQuery(id));
  const action = useConversationAction();
  const bottom = useRef<HTMLDivElement>(null);
  const c = thread.data?.pages[0]?.conversation;
  const items = (thread.data?.pages.flatMap((pg) => pg.items) ?? []).slice().reverse();
  const newest = items.at(-1)?.key;

  // Opening a thread reads it; a reply arriving while it is open is read too.
  const unread = c?.unread_count ?? 0;
  const read = action.mutate;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per unread count of this thread, not per render of the mutation
  useEffect(() => {
    if (unread > 0) read({ id, action: "read" });
  }, [id, unread]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the newest item's key stands for "a message was added"
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: "end" });
  }, [newest]);

  if (thread.isPending)
    return (
      <Box sx={{ display: "grid", placeItems: "center", height: "100%" }}>
        <CircularProgress size={28} />
      </Box>
    );
  if (!c) return <EmptyState bare title={t("conversations.notFound")} text={t("conversations.notFoundText")} />;

  const toggle = (next: "close" | "reopen") =>
    action.mutate(
      { id, action: next },
      {
        onSuccess: () =>
          enqueueSnackbar(t(next === "close" ? "conversations.closedToast" : "conversations.reopenedToast"), { variant: "success" }),
        onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }),
      },
    );
  const blocked = c.opted_out
    ? t("conversations.suppressed", {
        reason: SuppressionReasons[c.suppressed_reason as keyof typeof SuppressionReasons] ?? c.suppressed_reason ?? "",
      })
    : c.sender === null
      ? t("conversations.noSender")
      : null;

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }}>
      <Stack
        direction="row"
        sx={{ alignItems: "center", gap: 1, px: 1.5, py: 1, borderBottom: 1, borderColor: "divider", flexWrap: "wrap" }}
      >
        {showBack && (
          <IconButton component={Link} to={p("conversations")} aria-label={t("conversations.back")} edge="start">
            <ArrowBackIcon />
          </IconButton>
        )}
        <Box sx={{ flex: 1, minWidth: 120 }}>
          <Typography noWrap sx={{ fontWeight: 650 }} data-testid="thread-title">
            {c.lead_name ?? c.phone}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {c.lead_name ? c.phone : ""}
            {c.lead_id !== null && (
              <>
                {c.lead_name ? " · " : ""}
                <Link to={p(`leads/${c.lead_id}`)}>{t("conversations.openLead")}</Link>
              </>
            )}
          </Typography>
        </Box>
        <AssignMenu conversationId={c.id} assigned={c.assigned_user} />
        <Tooltip title={c.closed ? "" : t("conversations.close")}>
          <Button size="small" onClick={() => toggle(c.closed ? "reopen" : "close")} disabled={action.isPending}>
            {t(c.closed ? "conversations.reopen" : "conversations.close")}
          </Button>
        </Tooltip>
      </Stack>
      <Box
        sx={{ flex: 1, overflowY: "auto", px: { xs: 1.5, md: 3 }, py: 2, minHeight: 0, bgcolor: "background.default" }}
        data-testid="thread-items"
      >
        {thread.hasNextPage && (
          <Box sx={{ textAlign: "center", mb: 1 }}>
            <Button size="small" onClick={() => void thread.fetchNextPage()} disabled={thread.isFetchingNextPage}>
              {t("conversations.loadOlder")}
            </Button>
          </Box>
        )}
        {items.map((item) => (
          <ThreadItemView key={item.key} item={item} />
        ))}
        <div ref={bottom} />
      </Box>
      <ReplyBox conversationId={c.id} blocked={blocked} />
    </Box>
  );
}
