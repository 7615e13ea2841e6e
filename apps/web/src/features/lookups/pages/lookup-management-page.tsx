import { type LookupJob, LookupTypes } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import EmailOutlinedIcon from "@mui/icons-material/EmailOutlined";
import GppGoodOutlinedIcon from "@mui/icons-material/GppGoodOutlined";
import HistoryToggleOffIcon from "@mui/icons-material/HistoryToggleOff";
import PhoneForwardedOutlinedIcon from "@mui/icons-material/PhoneForwardedOutlined";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import PolicyOutlinedIcon from "@mui/icons-material/PolicyOutlined";
import SmsOutlinedIcon from "@mui/icons-material/SmsOutlined";
import StopIcon from "@mui/icons-material/Stop";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useMemo, useState } from "react";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import { type ContextMenuItem, useContextMenu } from "../../../components/context-menu/context-menu";
import { DataTable } from "../../../components/data-table/data-table";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { SectionTitle } from "../../../components/page-header/section-title";
import { DeleteError } from "../../../components/page-state/delete-error";
import { errorMessage } from "../../../lib/errors";
import { tn, useT } from "../../../lib/i18n";
import { DncRuleDialog } from "../../compliance";
import { useLookupLiveUpdates } from "../api/lookup-live";
import { lookupsQuery, useBulkLookupStatus, useDeleteLookup } from "../api/lookups.api";
import { BalanceSummary } from "../components/balance-summary";
import { FreshnessDialog } from "../components/freshness-dialog";
import { lookupColumns } from "../components/lookup-columns";
import { LookupDetailsDialog } from "../components/lookup-details-dialog";
import { LookupFormDialog } from "../components/lookup-form-dialog";
import { useRunLookup } from "../components/use-run-lookup";
import { isEditableLookup } from "../model/lookup-form";

/** The lookup list is 50 a page; search, size and sort go back to page 1 (the URL state does). */
const PAGE_SIZES = [15, 50, 100] as const;

type DialogState =
  | { kind: "create" }
  | { kind: "edit"; id: number }
  | { kind: "delete"; job: LookupJob }
  | { kind: "freshness" }
  | { kind: "dnc" }
  | null;

/** Settings → Lookup Management: every lookup of the team with its cost and progress, live. */
export function LookupManagementPage() {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  useSettingsBreadcrumbs({ label: t("settings.lookupManagement") });
  useLookupLiveUpdates();
  const table = useTableUrlState({ limit: 50, limits: PAGE_SIZES });
  const query = useQuery(lookupsQuery(table.request));
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const bulk = useBulkLookupStatus();
  const remove = useDeleteLookup();
  const run = useRunLookup("lookups");

  const columns = useMemo(() => lookupColumns(t), [t]);

  const bulkStatus = (action: "start" | "stop") =>
    bulk.mutate(
      { action, ids: selected },
      {
        onSuccess: (answer) =>
          enqueueSnackbar(answer?.message || t(action === "start" ? "lookups.bulk.started" : "lookups.bulk.stopped"), {
            variant: "success",
          }),
        onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }),
      },
    );

  const menu: ContextMenuItem[] = [
    { key: "add", label: t("lookups.add"), icon: <AddIcon />, onClick: () => setDialog({ kind: "create" }) },
    {
      key: "freshness",
      label: t("lookups.freshness.title"),
      icon: <HistoryToggleOffIcon />,
      onClick: () => setDialog({ kind: "freshness" }),
    },
    { key: "dnc-rule", label: t("compliance.dncRule.menu"), icon: <PolicyOutlinedIcon />, onClick: () => setDialog({ kind: "dnc" }) },
  ];
  if (selected.length > 0) {
    menu.push(
      {
        key: "start",
        label: t("lookups.bulk.start"),
        icon: <PlayArrowIcon />,
        disabled: bulk.isPending,
        onClick: () => bulkStatus("start"),
      },
      { key: "stop", label: t("lookups.bulk.stop"), icon: <StopIcon />, disabled: bulk.isPending, onClick: () => bulkStatus("stop") },
      { key: "sms", label: t("lookups.bulk.sms"), icon: <SmsOutlinedIcon />, onClick: () => run.open(LookupTypes.sms, selected) },
      { key: "email", label: t("lookups.bulk.email"), icon: <EmailOutlinedIcon />, onClick: () => run.open(LookupTypes.email, selected) },
      {
        key: "consent",
        label: t("lookups.bulk.consent"),
        icon: <GppGoodOutlinedIcon />,
        onClick: () => run.open(LookupTypes.consent_certificates, selected),
      },
      {
        key: "rnd",
        label: t("lookups.bulk.rnd"),
        icon: <PhoneForwardedOutlinedIcon />,
        onClick: () => run.open(LookupTypes.rnd, selected),
      },
    );
  }
  useContextMenu(menu);

  // The open row is read from the page's data, so live progress shows in its dialog too.
  const openId = dialog?.kind === "edit" ? dialog.id : null;
  const [lastOpen, setLastOpen] = useState<LookupJob | undefined>();
  const openJob = openId !== null ? (query.data?.data.find((j) => j.id === openId) ?? lastOpen) : lastOpen;
  const openRow = (job: LookupJob) => {
    setLastOpen(job);
    setDialog({ kind: "edit", id: job.id });
  };
  const askDelete = (job: LookupJob) => {
    remove.reset();
    setDialog({ kind: "delete", job });
  };
  const editable = openJob ? isEditableLookup(openJob) : true;
  const target = dialog?.kind === "delete" ? dialog.job : null;

  return (
    <>
      <SectionTitle title={t("settings.lookupManagement")} subtitle={t("settings.lookupManagement.text")} actions={<BalanceSummary />} />
      <DataTable
        aria-label={t("settings.lookupManagement")}
        columns={columns}
        query={query}
        state={table}
        pageSizes={PAGE_SIZES}
        selection={{ selected, onChange: setSelected }}
        onRowClick={openRow}
        dense
        emptyText={t("lookups.empty")}
        searchPlaceholder={t("lookups.search")}
        countLabel={(n) => tn("lookups.count", n, { count: n.toLocaleString("en-US") })}
      />
      <LookupFormDialog
        open={dialog?.kind === "create" || (dialog?.kind === "edit" && editable)}
        job={dialog?.kind === "edit" && editable ? openJob : undefined}
        onClose={() => setDialog(null)}
        onDelete={askDelete}
      />
      <LookupDetailsDialog open={dialog?.kind === "edit" && !editable} job={openJob} onClose={() => setDialog(null)} onDelete={askDelete} />
      <FreshnessDialog open={dialog?.kind === "freshness"} onClose={() => setDialog(null)} />
      <DncRuleDialog open={dialog?.kind === "dnc"} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={!!target}
        message={t("common.deleteConfirm", { thing: target ? t("lookups.thing", { id: target.id }) : "" })}
        loading={remove.isPending}
        error={remove.error ? <DeleteError title={t("lookups.removeError")} error={remove.error} /> : undefined}
        onConfirm={() =>
          target &&
          remove.mutate(target.id, {
            onSuccess: (answer) => {
              enqueueSnackbar(answer?.message || t("lookups.deleted"), { variant: "success" });
              setSelected((s) => s.filter((id) => id !== target.id));
              setDialog(null);
            },
          })
        }
        onClose={() => setDialog(null)}
      />
      {run.dialog}
    </>
  );
}
