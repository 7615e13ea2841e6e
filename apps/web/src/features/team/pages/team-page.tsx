import type { TeamUser } from "@leadflow/contracts";
import PersonAddIcon from "@mui/icons-material/PersonAddAlt1Outlined";
import { Alert, Button, Pagination, useMediaQuery, useTheme } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useSettingsBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { ConfirmDialog } from "../../../components/confirm-dialog/confirm-dialog";
import { useContextMenu } from "../../../components/context-menu/context-menu";
import { SectionTitle } from "../../../components/page-header/section-title";
import { isTeamAdmin, useCurrentUser } from "../../../lib/current-user";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { teamUsersQuery, useUpdateTeamUser } from "../api/team.api";
import { InviteUserDialog } from "../components/invite-user-dialog";
import { TeamUserCards } from "../components/team-user-cards";
import { TeamUsersTable } from "../components/team-users-table";

export function TeamPage() {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const me = useCurrentUser().data;
  const canManage = isTeamAdmin(me);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const limit = [15, 50, 100].includes(Number(params.get("limit"))) ? Number(params.get("limit")) : 50;
  const users = useQuery(teamUsersQuery({ page, limit }));
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

  const setQuery = (next: { page?: number; limit?: number }) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next.page !== undefined) p.set("page", String(next.page));
      if (next.limit !== undefined) p.set("limit", String(next.limit));
      return p;
    });

  // Spec §4: when the last page falls below the current one, go back to page 1.
  const lastPage = users.data?.meta.last_page;
  useEffect(() => {
    if (lastPage !== undefined && page > Math.max(1, lastPage)) setQuery({ page: 1 });
  });

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
      {me && !canManage && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t("team.readOnly")}
        </Alert>
      )}
      {users.isError && (
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
          page={page}
          onChange={(_, p) => setQuery({ page: p })}
        />
      )}
      {!phone && (
        <TeamUsersTable
          users={users.data?.data}
          total={users.data?.meta.total ?? 0}
          page={page}
          limit={limit}
          loading={users.isPending}
          currentUserId={me?.id}
          canManage={canManage}
          onPageChange={(p) => setQuery({ page: p })}
          onLimitChange={(l) => setQuery({ limit: l, page: 1 })}
          onToggleBlock={askToggle}
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
