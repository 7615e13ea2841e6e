import type { CampaignRow, CampaignType } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import RefreshIcon from "@mui/icons-material/Refresh";
import { Button } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { useContextMenu } from "../../../components/context-menu/context-menu";
import { PageHeader } from "../../../components/page-header/page-header";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import { useDebounced } from "../../../lib/use-debounced";
import { campaignsQuery } from "../api/campaigns.api";
import { useCampaignsLiveUpdates } from "../api/campaigns-live";
import { CampaignFormDialog } from "../components/campaign-form-dialog";
import { CampaignsTable } from "../components/campaigns-table";
import { ListFilters } from "../components/list-filters";
import { TodayCards } from "../components/today-cards";
import { useCampaignBulkActions } from "../components/use-campaign-bulk-actions";
import { useCampaignsUrlState, usePeriodUrlState } from "../components/use-campaigns-url-state";
import { periodParams } from "../model/period";
import { readStoredTypes, writeStoredTypes } from "../model/type-filter";

/** Campaigns: today's cards, the 28-column list with its filters, bulk actions and Create Campaign. */
export function CampaignsPage() {
  const t = useT();
  const p = useAccountPath();
  const navigate = useNavigate();
  useBreadcrumbs([{ label: t("campaigns.title") }]);
  // Sent, Delivered, Cost, Progress and the status move as the campaigns send.
  useCampaignsLiveUpdates();

  const table = useCampaignsUrlState();
  const [types, setTypes] = useState<CampaignType[]>(() => readStoredTypes());
  const [period, setPeriod] = usePeriodUrlState();
  const [archived, setArchived] = useState(false);
  // The custom dates wait 500 ms (docs/product/campaigns.md) so typing a date does not fetch for every keystroke.
  const settledPeriod = useDebounced(period, period.choice === "custom" ? 500 : 0);
  const statPeriod = periodParams(settledPeriod);
  // The cards sum the campaigns the rows show: the same type, search and Archived filters.
  const filters = { types: types.length ? types : undefined, archived: archived || undefined, search: table.request.search };
  const query = useQuery(campaignsQuery({ ...table.request, ...statPeriod, ...filters }));

  const [selected, setSelected] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);
  const rows = query.data?.data ?? [];
  const selection = rows.filter((r) => selected.includes(r.id)).map((r) => ({ status: r.status, started_at: r.started_at }));
  const bulk = useCampaignBulkActions(selected, selection, archived, () => setSelected([]));
  useContextMenu([{ key: "create", label: t("campaigns.create"), icon: <AddIcon />, onClick: () => setCreating(true) }, ...bulk.menuItems]);

  const filtersChanged = () => {
    setSelected([]);
    if (table.page !== 1) table.setPage(1, { replace: true });
  };
  const href = (row: CampaignRow) => p(`campaigns/${row.id}`);

  return (
    <>
      <PageHeader title={t("campaigns.title")} subtitle={t("campaigns.subtitle")} />
      <TodayCards period={statPeriod} filters={filters} />
      <ListFilters
        types={types}
        onTypes={(next) => {
          setTypes(next);
          writeStoredTypes(next);
          filtersChanged();
        }}
        period={period}
        onPeriod={(next) => {
          setPeriod(next);
          filtersChanged();
        }}
        archived={archived}
        onArchived={(next) => {
          setArchived(next);
          filtersChanged();
        }}
      />
      <CampaignsTable
        query={query}
        state={table}
        selected={selected}
        onSelect={setSelected}
        href={href}
        toolbarActions={
          <Button
            size="small"
            variant="outlined"
            startIcon={<RefreshIcon />}
            disabled={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {t("campaigns.refresh")}
          </Button>
        }
      />
      <CampaignFormDialog open={creating} onClose={() => setCreating(false)} onSaved={(c) => navigate(p(`campaigns/${c.id}`))} />
      {bulk.dialogs}
    </>
  );
}
