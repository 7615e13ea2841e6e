import { zodResolver } from "@hookform/resolvers/zod";
import { InviteUserRequest, TeamRoles } from "@leadflow/contracts";
import { MenuItem, TextField } from "@mui/material";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { FormDialog } from "../../../components/form-dialog/form-dialog";
import { applyFieldErrors, errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useInviteUser } from "../api/team.api";

export function InviteUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const invite = useInviteUser();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(InviteUserRequest),
    mode: "onTouched",
    defaultValues: { name: "", email: "", role: "team_operator" as const },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset();
      setError(null);
    }
  }, [open, form]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const user = await invite.mutateAsync(values);
      enqueueSnackbar(t("team.invited", { email: user.email }), { variant: "success" });
      onClose();
    } catch (e) {
      applyFieldErrors(e, form.setError, ["name", "email", "role"]);
      setError(errorMessage(e));
    }
  });

  return (
    <FormDialog
      open={open}
      title={t("team.inviteTitle")}
      onClose={onClose}
      onSubmit={submit}
      loading={invite.isPending}
      error={error}
      submitLabel={t("team.inviteSubmit")}
    >
      <TextField label={t("team.name")} autoFocus {...form.register("name")} error={!!errors.name} helperText={errors.name?.message} />
      <TextField
        label={t("team.email")}
        type="email"
        {...form.register("email")}
        error={!!errors.email}
        helperText={errors.email?.message}
      />
      <Controller
        control={form.control}
        name="role"
        render={({ field }) => (
          <TextField
            select
            label={t("team.role")}
            {...field}
            error={!!errors.role}
            helperText={errors.role?.message ?? t(`team.roleHelp.${field.value}`)}
          >
            {TeamRoles.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`role.${r}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}
