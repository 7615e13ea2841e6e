import { InviteUserRequest, type TeamRole, TeamRoles } from "@leadflow/contracts";
import { EntityForm } from "../../../components/form/entity-form";
import { EntityFormDialog } from "../../../components/form/entity-form-dialog";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { useInviteUser } from "../api/team.api";

export function InviteUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <EntityFormDialog open={open} onClose={onClose}>
      {() => <InviteUserForm />}
    </EntityFormDialog>
  );
}

function InviteUserForm() {
  const t = useT();
  const invite = useInviteUser();
  const form = useEntityForm({
    schema: InviteUserRequest,
    defaults: { name: "", email: "", role: "team_operator" },
    submit: (values) => invite.mutateAsync(values),
    success: (user) => t("team.invited", { email: user.email }),
  });
  return (
    <EntityForm
      form={form}
      title={t("team.inviteTitle")}
      submitLabel={t("team.inviteSubmit")}
      fields={[
        { name: "name", label: t("team.name"), autoFocus: true },
        { name: "email", label: t("team.email"), type: "email" },
        {
          name: "role",
          kind: "select",
          label: t("team.role"),
          options: TeamRoles.map((r) => ({ value: r, label: t(`role.${r}`) })),
          hint: (role) => t(`team.roleHelp.${role as TeamRole}`),
        },
      ]}
    />
  );
}
