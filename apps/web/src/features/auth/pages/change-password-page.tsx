import { zodResolver } from "@hookform/resolvers/zod";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Alert, Button, CircularProgress, Stack } from "@mui/material";
import { useSnackbar } from "notistack";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { PasswordField } from "../../../components/password-field/password-field";
import { useCurrentAccount } from "../../../lib/accounts";
import { applyFieldErrors, errorMessage } from "../../../lib/errors";
import { type MessageKey, useT } from "../../../lib/i18n";
import { useChangePassword } from "../api/auth.api";
import { AuthHeading } from "../components/auth-heading";

function changePasswordSchema(t: (k: MessageKey) => string) {
  return z
    .object({
      current_password: z.string().min(1, t("password.oldRequired")),
      password: z
        .string()
        .min(1, t("password.newRequired"))
        .refine((v) => /[0-9]/.test(v) && /[^A-Za-z0-9]/.test(v), t("password.rule")),
      password_confirmation: z.string(),
    })
    .refine((v) => v.password === v.password_confirmation, { path: ["password_confirmation"], message: t("password.mismatch") })
    .refine((v) => !v.password || v.password !== v.current_password, { path: ["password"], message: t("password.mustDiffer") });
}

export function ChangePasswordPage() {
  return <ChangePasswordForm />;
}

function ChangePasswordForm() {
  const t = useT();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const account = useCurrentAccount();
  const change = useChangePassword(account?.id);
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => changePasswordSchema(t), [t]);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: { current_password: "", password: "", password_confirmation: "" },
  });
  const { errors } = form.formState;
  const home = `/u/${account?.index ?? 0}/`;

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const res = await change.mutateAsync(v);
      enqueueSnackbar(res.message || t("password.updated"), { variant: "success" });
      navigate(home);
    } catch (e) {
      applyFieldErrors(e, form.setError, ["current_password", "password", "password_confirmation"]);
      setError(errorMessage(e));
    }
  });

  return (
    <>
      <Button component={Link} to={home} startIcon={<ArrowBackIcon />} size="small" color="inherit" sx={{ mb: 2, ml: -1 }}>
        {t("common.back")}
      </Button>
      <AuthHeading title={t("password.title")} subtitle={account ? t("password.subtitle", { email: account.email }) : undefined} />
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        <PasswordField
          label={t("password.old")}
          autoComplete="current-password"
          autoFocus
          {...form.register("current_password")}
          error={!!errors.current_password}
          helperText={errors.current_password?.message}
        />
        <PasswordField
          label={t("password.new")}
          autoComplete="new-password"
          {...form.register("password")}
          error={!!errors.password}
          helperText={errors.password?.message ?? t("auth.passwordRule")}
        />
        <PasswordField
          label={t("password.confirmation")}
          autoComplete="new-password"
          {...form.register("password_confirmation")}
          error={!!errors.password_confirmation}
          helperText={errors.password_confirmation?.message}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={change.isPending}
          startIcon={change.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t("password.submit")}
        </Button>
      </Stack>
    </>
  );
}
