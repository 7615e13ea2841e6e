import CheckCircleIcon from "@mui/icons-material/CheckCircleOutlined";
import { Alert, Box, Button, CircularProgress, Link as MuiLink, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import { PasswordField } from "../../../components/password-field/password-field";
import { applyFieldErrors, errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useResetPassword } from "../api/auth.api";
import { AuthHeading } from "../components/auth-heading";

/** The page an emailed link (password reset or team invitation) opens: /reset-password?token=…&email=… */
export function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm({ mode: "onTouched", defaultValues: { email: params.get("email") ?? "", password: "", password_confirmation: "" } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const res = await reset.mutateAsync({ token, ...v, email: v.email.trim() });
      setDone(res.message || t("auth.resetDone"));
    } catch (e) {
      applyFieldErrors(e, form.setError, ["email", "password", "password_confirmation"]);
      setError(errorMessage(e));
    }
  });

  if (done) {
    return (
      <Box sx={{ textAlign: "center", py: 1 }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 52, mb: 1 }} />
        <Typography sx={{ mb: 3 }}>{done}</Typography>
        <Button component={Link} to="/signin" variant="contained">
          {t("auth.backToSignIn")}
        </Button>
      </Box>
    );
  }

  return (
    <>
      <AuthHeading title={t("auth.resetTitle")} subtitle={t("auth.resetSubtitle")} />
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        {!token && <Alert severity="warning">{t("auth.resetMissingToken")}</Alert>}
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label={t("auth.email")}
          type="email"
          autoComplete="email"
          {...form.register("email", { required: t("auth.required") })}
          error={!!errors.email}
          helperText={errors.email?.message}
        />
        <PasswordField
          label={t("auth.newPassword")}
          autoComplete="new-password"
          autoFocus
          {...form.register("password", { required: t("auth.required") })}
          error={!!errors.password}
          helperText={errors.password?.message ?? t("auth.passwordRule")}
        />
        <PasswordField
          label={t("auth.passwordConfirmation")}
          autoComplete="new-password"
          {...form.register("password_confirmation", {
            required: t("auth.required"),
            validate: (v, all) => v === all.password || t("auth.passwordsDiffer"),
          })}
          error={!!errors.password_confirmation}
          helperText={errors.password_confirmation?.message}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={reset.isPending || !token}
          startIcon={reset.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t("auth.setPassword")}
        </Button>
        <Box sx={{ textAlign: "center" }}>
          <MuiLink component={Link} to="/signin" variant="body2" underline="hover">
            {t("auth.backToSignIn")}
          </MuiLink>
        </Box>
      </Stack>
    </>
  );
}
