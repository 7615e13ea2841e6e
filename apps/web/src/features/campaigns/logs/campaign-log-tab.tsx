import { CampaignChannel, type CampaignLogKind, CampaignLogPageSize, type MessageLogRow } from "@leadflow/contracts";
import RefreshIcon from "@mui/icons-material/Refresh";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation } from "react-router";
import { DataTable } from "../../../components/data-table/data-table";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { SectionTitle } from "../../../components/page-header/section-title";
import { useAccountPath } from "../../../lib/account-context";
import { tn, useT } from "../../../lib/i18n";
import { useCampaignOutlet } from "../detail/model/campaign-outlet";
import { campaignPath, campaignTabList } from "../detail/model/campaign-tab-list";
import { campaignLogQuery } from "./campaign-logs.api";
import { viewerDocument } from "./email-viewer";
import { HitSearch, useHitSearch } from "./hit-search";
import { logColumns } from "./log-columns";

/**
 * Every log tab of the campaign page: one table over the server's log of that kind, the product's page size
 * and order, Refresh, a lead id opening the lead in a new tab; Clicks and Open at add the column-and-value search,
 * Message Logs of an email campaign open a body in a viewer. Which log it is comes from the tab's route.
 */
export function CampaignLogTab() {
  const { pathname } = useLocation();
  const last = pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  const tab = campaignTabList.find((x) => x.path === last);
  if (!tab?.log) return null;
  return <LogTable key={tab.log} kind={tab.log} title={tab.label} empty={tab.empty?.title ?? tab.label} />;
}

function LogTable({ kind, title, empty }: { kind: CampaignLogKind; title: Parameters<ReturnType<typeof useT>>[0]; empty: typeof title }) {
  const t = useT();
  const p = useAccountPath();
  const { campaign } = useCampaignOutlet();
  const size = CampaignLogPageSize[kind];
  const table = useTableUrlState({ limit: size, limits: [size] });
  const searchable = kind === "clicks" || kind === "opens";
  const search = useHitSearch(searchable);
  const query = useQuery(
    campaignLogQuery(campaign.id, kind, { page: table.page, limit: table.limit, ...(searchable ? search.applied : {}) }),
  );
  const [body, setBody] = useState<MessageLogRow | null>(null);
  const email = CampaignChannel[campaign.type] === "email";

  return (
    <section aria-label={t(title)}>
      <SectionTitle title={t(title)} />
      {searchable && <HitSearch search={search} />}
      <DataTable
        aria-label={t(title)}
        columns={logColumns(kind, email)}
        context={{ leadHref: (id: number) => p(campaignPath(campaign.id, `leads/${id}`)), openBody: setBody }}
        query={query}
        state={table}
        pageSizes={[size]}
        searchable={false}
        dense
        columnsStorageKey={`leadflow.columns.campaign-${kind}-${email ? "email" : "sms"}`}
        emptyText={t(empty)}
        countLabel={(n) => tn("campaigns.logs.count", n, { count: n.toLocaleString("en-US") })}
        toolbarActions={
          <Tooltip title={t("campaigns.logs.refresh")}>
            <span>
              <IconButton aria-label={t("campaigns.logs.refresh")} onClick={() => query.refetch()} disabled={query.isFetching}>
                <RefreshIcon />
              </IconButton>
            </span>
          </Tooltip>
        }
      />
      <Dialog open={!!body} onClose={() => setBody(null)} maxWidth="md" fullWidth>
        <DialogTitle>{body?.subject || t("campaigns.logs.body")}</DialogTitle>
        <DialogContent dividers>
          {/* The email as sent, in a sandboxed frame: its HTML never runs in the app; long links wrap inside it. */}
          <Box
            component="iframe"
            title={t("campaigns.logs.body")}
            sandbox=""
            srcDoc={viewerDocument(body?.body ?? "")}
            sx={{ width: "100%", height: 420, border: 0, bgcolor: "background.paper" }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setBody(null)}>{t("campaigns.logs.close")}</Button>
        </DialogActions>
      </Dialog>
    </section>
  );
}
