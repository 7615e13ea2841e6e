import type { TeamUser } from "@leadflow/contracts";
import PersonAddIcon from "@mui/icons-material/PersonAddAlt1Outlined";
import { Alert, Button, Pagination, useMediaQuery, useTheme } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import { useContextMenu } from "../../../components/context-menu/context-menu";
import { DataTable } from "../../../components/data-table/data-table";
import { useReturnToFirstPage } from "../../../components/data-table/data-table-paging";
import { useTableUrlState } from "../../../components/data-table/use-table-url-state";
import { SectionTitle } from "../../../components/page-header/section-title";
import { isTeamAdmin, useCurrentUser } from "../../../lib/current-user";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { PlanCard } from "../../plans";
import { teamUsersQuery, useUpdateTeamUser } from "../api/team.api";
import { InviteUserDialog } from "../components/invite-user-dialog";
import { teamAdminColumns, teamColumns } from "../components/team-columns";
import { TeamUserCards } from "../components/team-user-cards";

const PAGE_SIZES = [15, 50, 100] as const;

export function TeamPage() {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const me = useCurrentUser().data;
  const canManage = isTeamAdmin(me);
  const table = useTableUrlState({ limit: 50, limits: PAGE_SIZES });
  const users = useQuery(teamUsersQuery({ page: table.page, limit: table.limit }));
  const update = useUpdateTeamUser();
  const [inviting, setInviting] = useState(false);
  const [target, setTarget] = useState<TeamUser | null>(null);
  const theme = useTheme();
  const phone = !useMediaQuery(theme.breakpoints.up("sm"));
  const askToggle = (u: TeamUser) => {
    update.reset();
    setTarget(u);
  };

  useSettingsBreadcrumbs({ label: t("settings.team") });
  useContextMenu(canManage ? [{ key: "invite", label: t("team.invite"), icon: <PersonAddIcon />, onClick: () => setInviting(true) }] : []);

  // When the last page falls below the current one, go back to page 1 (the cards have no table to do it).
  useReturnToFirstPage(table, users);

  const blocking = target?.status !== "blocked";
  const confirmToggle = () => {
    if (!target) return;
    update.mutate(
      { id: target.id, blocked: blocking },
      {
        onSuccess: (u) => {
          enqueueSnackbar(t(blocking ? "team.blocked" : "team.unblocked", { name: u.name }), { variant: "success" });
          setTarget(null);
        },
      },
    );
  };

  return (
    <>
      <SectionTitle
        title={t("settings.team")}
        subtitle={t("team.subtitle", { team: me?.team.name ?? "" })}
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)} sx={{ display: { md: "none" } }}>
              {t("team.invite")}
            </Button>
          ) : undefined
        }
      />
      <PlanCard />
      {me && !canManage && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("team.readOnly")}
        </Alert>
      )}
      {/* The table shows its own failure; the cards do not. */}
      {phone && users.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => users.refetch()}>
              {t("common.retry")}
            </Button>
          }
        >
          {errorMessage(users.error)}
        </Alert>
      )}
      {phone && (
        <TeamUserCards
          users={users.data?.data}
          loading={users.isPending}
          currentUserId={me?.id}
          canManage={canManage}
          onToggleBlock={askToggle}
        />
      )}
      {phone && (users.data?.meta.last_page ?? 1) > 1 && (
        <Pagination
          sx={{ mt: 2, display: "flex", justifyContent: "center" }}
          count={users.data?.meta.last_page}
          page={table.page}
          onChange={(_, p) => table.setPage(p)}
        />
      )}
      {!phone && (
        <DataTable
          aria-label={t("settings.team")}
          columns={canManage ? teamAdminColumns : teamColumns}
          context={{ currentUserId: me?.id, onToggleBlock: askToggle }}
          query={users}
          state={table}
          pageSizes={PAGE_SIZES}
          searchable={false}
          skeletonRows={4}
          emptyText={t("team.empty")}
        />
      )}
      <InviteUserDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={!!target}
        title={blocking ? t("team.block") : t("team.unblock")}
        message={target ? t(blocking ? "team.blockConfirm" : "team.unblockConfirm", { name: target.name }) : ""}
        confirmLabel={blocking ? t("team.block") : t("team.unblock")}
        danger={blocking}
        loading={update.isPending}
        error={update.isError ? errorMessage(update.error) : undefined}
        onConfirm={confirmToggle}
        onClose={() => setTarget(null)}
      />
    </>
  );
}
