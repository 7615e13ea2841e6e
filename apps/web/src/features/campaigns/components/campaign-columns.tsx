import type { CampaignRow, CampaignSortKey, CampaignWaitingBrief } from "@leadflow/contracts";
import { Chip, Stack } from "@mui/material";
import { DateCell } from "../../../components/data-table/date-cell";
import { formatNumber } from "../../../components/data-table/format";
import type { Columns, DataTableColumn } from "../../../components/data-table/types";
import type { MessageKey } from "../../../lib/i18n";
import { formatMoney, formatShare } from "../model/format";
import { WaitingLine } from "../waiting/waiting-line";
import { CampaignStatusChip } from "./campaign-status-chip";
import { ProgressCell } from "./progress-cell";

/** What the cells read beside the row: the waiting figures of the page's Active and Paused campaigns. */
export interface CampaignColumnsContext {
  waiting?: ReadonlyMap<number, CampaignWaitingBrief>;
}

type Column = DataTableColumn<CampaignRow, CampaignColumnsContext, CampaignSortKey>;
type NumberKey = { [K in keyof CampaignRow]: CampaignRow[K] extends number ? K : never }[keyof CampaignRow];

const header = (key: string) => (ctx: { t: (k: MessageKey) => string }) => ctx.t(`campaigns.col.${key}` as MessageKey);

/** Figures: right-aligned; on a phone only name, progress and status show (the rest from `sm` up). */
const count = (key: NumberKey, sortKey?: CampaignSortKey): Column => ({
  key,
  header: header(key),
  align: "right",
  sortKey,
  firstSortDirection: "desc",
  showFrom: "sm",
  render: (r) => formatNumber(r[key]),
});
const money = (key: "cost" | "revenue" | "profit"): Column => ({ ...count(key, key), render: (r) => formatMoney(r[key]) });
const share = (key: NumberKey): Column => ({ ...count(key), render: (r) => formatShare(r[key]) });
const label = (key: string, value: (r: CampaignRow) => string | null): Column => ({
  key,
  header: header(key),
  showFrom: "sm",
  minWidth: 120,
  render: (r) => value(r) ?? "—",
});

/** The list's 28 columns, in order (Started Date … Status; docs/product/campaigns.md). */
export const campaignColumns: Columns<CampaignRow, CampaignColumnsContext, CampaignSortKey> = [
  {
    key: "started_at",
    header: header("started_at"),
    sortKey: "started_at",
    firstSortDirection: "desc",
    showFrom: "sm",
    minWidth: 110,
    render: (r, { t }) => (r.started_at ? <DateCell value={r.started_at} /> : t("campaigns.notStarted")),
  },
  {
    key: "created_at",
    header: header("created_at"),
    sortKey: "created_at",
    firstSortDirection: "desc",
    showFrom: "sm",
    minWidth: 110,
    render: (r) => <DateCell value={r.created_at} />,
  },
  { ...count("id", "id"), align: "left", render: (r) => String(r.id) },
  {
    key: "name",
    header: header("name"),
    sortKey: "name",
    hideable: false,
    minWidth: { xs: 96, md: 200 },
    render: (r, { t }) => (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <span>{r.name}</span>
        {r.archived && <Chip size="small" variant="outlined" label={t("campaigns.archivedChip")} />}
      </Stack>
    ),
  },
  { ...label("type", (r) => r.type_label), sortKey: "type" },
  label("gateway", (r) => r.gateway_label),
  label("from", (r) => r.from_label),
  label("pool", (r) => r.pool_label),
  count("records", "records"),
  count("steps"),
  {
    key: "progress",
    header: header("progress"),
    minWidth: { xs: 76, sm: 110 },
    render: (r, { waiting }) => (
      <>
        <ProgressCell value={r.progress} />
        <WaitingLine brief={waiting?.get(r.id)} records={r.records} />
      </>
    ),
  },
  money("cost"),
  money("revenue"),
  money("profit"),
  count("sent", "sent"),
  count("delivered", "delivered"),
  share("delivered_percent"),
  count("opened"),
  count("clicked", "clicked"),
  share("clicked_percent"),
  count("errors"),
  count("spam"),
  count("unsubscribed"),
  share("unsubscribed_percent"),
  count("cool_offs"),
  count("cool_offs_inactive_device"),
  count("daily_limit"),
  {
    key: "status",
    header: header("status"),
    sortKey: "status",
    hideable: false,
    stickyRight: true,
    render: (r) => <CampaignStatusChip status={r.status} label={r.status_label} />,
  },
];
