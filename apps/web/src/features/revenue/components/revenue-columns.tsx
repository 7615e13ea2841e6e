import type { RevenueTracking } from "@leadflow/contracts";
import ContentCopyIcon from "@mui/icons-material/ContentCopyOutlined";
import KeyOutlinedIcon from "@mui/icons-material/KeyOutlined";
import { Box, IconButton, Stack, Typography } from "@mui/material";
import { actionsMenuColumn } from "../../../components/crud/crud-actions-column";
import type { CrudRowActions } from "../../../components/crud/crud-settings-config";
import type { CellContext, Columns } from "../../../components/data-table/types";
import { formatNumber } from "../../../lib/format";
import { formatRevenue } from "../model/revenue-format";

export interface RevenueColumnsContext extends CrudRowActions<RevenueTracking> {
  onCopyUrl: (tracking: RevenueTracking) => void;
  onShowSecret: (tracking: RevenueTracking) => void;
}

/** The postback URL, whole (partners copy it), with its copy button. */
function PostbackUrl({ tracking, context }: { tracking: RevenueTracking; context: CellContext<RevenueColumnsContext> }) {
  const { t, onCopyUrl } = context;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: "flex-start" }}>
      <Box
        component="code"
        sx={{ fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", fontSize: "0.8125rem", wordBreak: "break-all", pt: 0.5 }}
      >
        {tracking.postback_url}
      </Box>
      <IconButton size="small" onClick={() => onCopyUrl(tracking)} aria-label={t("revenue.copyUrl", { name: tracking.name })}>
        <ContentCopyIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </Stack>
  );
}

/** Revenue Tracking: Name, Postback, Revenue, Total conversations, actions. No sorting: the list is whole. */
export const revenueColumns: Columns<RevenueTracking, RevenueColumnsContext> = [
  {
    key: "name",
    header: ({ t }) => t("revenue.columns.name"),
    minWidth: { xs: 120, lg: 180 },
    render: (r, context) => (
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
            {r.name}
          </Typography>
          {/* Phones hide the other columns: the name carries the figures and the URL. */}
          <Typography variant="caption" color="text.secondary" sx={{ display: { sm: "none" } }}>
            {context.t("revenue.summary", { revenue: formatRevenue(r.revenue), conversations: formatNumber(r.total_conversations) })}
          </Typography>
        </Box>
        <Box sx={{ display: { sm: "none" } }}>
          <PostbackUrl tracking={r} context={context} />
        </Box>
      </Stack>
    ),
  },
  {
    key: "postback",
    header: ({ t }) => t("revenue.columns.postback"),
    showFrom: "sm",
    minWidth: { sm: 240, md: 320 },
    render: (r, context) => <PostbackUrl tracking={r} context={context} />,
  },
  {
    key: "revenue",
    header: ({ t }) => t("revenue.columns.revenue"),
    align: "right",
    showFrom: "sm",
    render: (r) => formatRevenue(r.revenue),
  },
  {
    key: "total_conversations",
    header: ({ t }) => t("revenue.columns.conversations"),
    align: "right",
    showFrom: "sm",
    // The header on one line.
    minWidth: 210,
    render: (r) => formatNumber(r.total_conversations),
  },
  // Edit, Show signing secret, Delete.
  actionsMenuColumn({
    texts: { menu: "revenue.actionsFor", edit: "revenue.edit", delete: "revenue.delete" },
    more: (r, { t, onShowSecret }) => [
      { key: "secret", label: t("revenue.showSecret"), icon: <KeyOutlinedIcon fontSize="small" />, onClick: () => onShowSecret(r) },
    ],
  }),
];
