import type { ConversationFilter } from "@leadflow/contracts";
import ForumIcon from "@mui/icons-material/ForumOutlined";
import { Box, Paper, useMediaQuery, useTheme } from "@mui/material";
import { useParams, useSearchParams } from "react-router";
import { useBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { EmptyState } from "../../../components/empty-state/empty-state";
import { PageHeader } from "../../../components/page-header/page-header";
import { useT } from "../../../lib/i18n";
import { useDebounced } from "../../../lib/use-debounced";
import { ThreadList } from "../components/thread-list";
import { ThreadView } from "../components/thread-view";
import { useConversationLive } from "../components/use-conversation-live";

const FILTERS: readonly ConversationFilter[] = ["all", "unread", "mine", "opted_out", "closed"];

/** The two-way inbox at /conversations and /conversations/{id}: two panes on wide screens, one at a time on a phone. */
export function ConversationsPage() {
  const t = useT();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("md"));
  const params = useParams();
  const [query, setQuery] = useSearchParams();
  const selectedId = params.conversationId ? Number(params.conversationId) : null;
  const raw = query.get("filter") as ConversationFilter | null;
  const filter: ConversationFilter = raw && FILTERS.includes(raw) ? raw : "all";
  const search = useDebounced(query.get("search") ?? "", 300);
  useConversationLive();
  useBreadcrumbs([{ label: t("conversations.title") }]);

  const setParam = (key: string, value: string) =>
    setQuery(
      (q) => {
        const next = new URLSearchParams(q);
        if (value && !(key === "filter" && value === "all")) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const list = (
    <ThreadList
      filter={filter}
      search={search}
      selectedId={selectedId}
      onFilter={(f) => setParam("filter", f)}
      onSearch={(s) => setParam("search", s)}
    />
  );
  const thread =
    selectedId !== null && Number.isSafeInteger(selectedId) ? (
      <ThreadView key={selectedId} id={selectedId} showBack={!wide} />
    ) : (
      <EmptyState bare icon={<ForumIcon />} title={t("conversations.pick")} text={t("conversations.pickText")} />
    );

  return (
    <>
      {(wide || selectedId === null) && <PageHeader title={t("conversations.title")} subtitle={t("conversations.subtitle")} />}
      <Paper
        variant="outlined"
        sx={{
          display: "grid",
          gridTemplateColumns: wide ? "360px minmax(0, 1fr)" : "minmax(0, 1fr)",
          height: wide ? "calc(100vh - 220px)" : selectedId === null ? "calc(100vh - 200px)" : "calc(100vh - 96px)",
          minHeight: 420,
          overflow: "hidden",
        }}
      >
        {(wide || selectedId === null) && <Box sx={{ borderRight: wide ? 1 : 0, borderColor: "divider", minHeight: 0 }}>{list}</Box>}
        {(wide || selectedId !== null) && <Box sx={{ minHeight: 0 }}>{thread}</Box>}
      </Paper>
    </>
  );
}
