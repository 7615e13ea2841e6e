import { zodResolver } from "@hookform/resolvers/zod";
import type { User } from "@leadflow/contracts";
import { Alert, Box, Button, Chip, CircularProgress, Paper, Skeleton, Stack, TextField, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { PageHeader } from "../../../components/page-header/page-header";
import { UserAvatar } from "../../../components/user-avatar/user-avatar";
import { updateAccount, useCurrentAccount } from "../../../lib/accounts";
import { api } from "../../../lib/api-client";
import { currentUserQuery, useCurrentUser } from "../../../lib/current-user";
import { applyFieldErrors, errorMessage } from "../../../lib/errors";
import { type MessageKey, useT } from "../../../lib/i18n";

const profileSchema = (t: (k: MessageKey) => string) =>
  z.object({
    name: z.string().trim().min(1, t("profile.nameRequired")),
    phone_number: z.string().trim().min(1, t("profile.phoneRequired")),
  });

export function ProfilePage() {
  const t = useT();
  useBreadcrumbs([{ label: t("profile.title") }]);
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title={t("profile.title")} subtitle={t("profile.subtitle")} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        {user.data ? (
          <ProfileForm user={user.data} />
        ) : user.isError ? (
          <Alert severity="error">{errorMessage(user.error)}</Alert>
        ) : (
          <Stack spacing={2}>
            <Skeleton variant="circular" width={56} height={56} />
            <Skeleton height={48} />
            <Skeleton height={48} />
          </Stack>
        )}
      </Paper>
    </>
  );
}

function ProfileForm({ user }: { user: User }) {
  const t = useT();
  const qc = useQueryClient();
  const account = useCurrentAccount();
  const { enqueueSnackbar } = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => profileSchema(t), [t]);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: { name: user.name, phone_number: user.phone_number ?? "" },
  });
  const { errors, isDirty } = form.formState;
  const save = useMutation({ mutationFn: (body: z.infer<typeof schema>) => api.put<User>("/user/profile", body) });

  useEffect(() => {
    if (!isDirty) form.reset({ name: user.name, phone_number: user.phone_number ?? "" });
  }, [user.name, user.phone_number, isDirty, form]);

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const updated = await save.mutateAsync(values);
      if (account) {
        qc.setQueryData(currentUserQuery(account.index, account.id).queryKey, updated);
        updateAccount(account.index, { name: updated.name });
      }
      form.reset({ name: updated.name, phone_number: updated.phone_number ?? "" });
      enqueueSnackbar(t("profile.saved"), { variant: "success" });
    } catch (e) {
      applyFieldErrors(e, form.setError, ["name", "phone_number"]);
      setError(errorMessage(e));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", mb: 3 }}>
        <UserAvatar id={user.id} name={user.name} size={56} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" noWrap>
            {user.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Typography variant="body2" color="text.secondary">
              {user.team.name}
            </Typography>
            {user.roles.map((r) => (
              <Chip key={r} size="small" label={t(`role.${r}`)} color={r === "team_admin" ? "primary" : "default"} />
            ))}
          </Stack>
        </Box>
      </Stack>
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label={t("profile.name")} {...form.register("name")} error={!!errors.name} helperText={errors.name?.message} />
        <TextField
          label={t("profile.phone")}
          type="tel"
          {...form.register("phone_number")}
          error={!!errors.phone_number}
          helperText={errors.phone_number?.message}
        />
        <TextField label={t("profile.email")} value={user.email} disabled />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending || !isDirty}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t("common.save")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
