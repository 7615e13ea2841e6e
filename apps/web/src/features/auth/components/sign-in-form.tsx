import { zodResolver } from "@hookform/resolvers/zod";
import { SignInRequest } from "@leadflow/contracts";
import { Alert, AlertTitle, Box, Button, CircularProgress, Link as MuiLink, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { PasswordField } from "../../../components/password-field/password-field";
import type { LoggedAccount } from "../../../lib/accounts";
import { ApiError } from "../../../lib/api-client";
import { useAppConfig } from "../../../lib/app-config";
import { applyFieldErrors } from "../../../lib/errors";
import { type MessageKey, useT } from "../../../lib/i18n";
import { useSignIn } from "../api/auth.api";

type Failure = { kind: "notApproved"; supportEmail?: string } | { kind: "error"; message: string };

function describeFailure(e: unknown, t: (k: MessageKey) => string): Failure {
  if (e instanceof ApiError) {
    const support = e.errors?.support_email?.[0];
    if (e.status === 403 && (support || /not yet been approved/i.test(e.message))) return { kind: "notApproved", supportEmail: support };
    if (e.status === 429) return { kind: "error", message: e.message };
    if (e.status > 0 && e.message && e.status < 500) return { kind: "error", message: e.message };
  }
  return { kind: "error", message: t("auth.loginFailed") };
}

export function SignInForm({
  defaultEmail = "",
  showForgotLink = true,
  submitLabel,
  onSignedIn,
}: {
  defaultEmail?: string;
  showForgotLink?: boolean;
  submitLabel?: string;
  onSignedIn: (account: LoggedAccount) => void;
}) {
  const t = useT();
  const config = useAppConfig();
  const signIn = useSignIn();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({ resolver: zodResolver(SignInRequest), mode: "onSubmit", defaultValues: { email: defaultEmail, password: "" } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { account, res } = await signIn.mutateAsync(values);
      if (!res.user.email_verified_at) {
        setFailure({ kind: "notApproved" });
        return;
      }
      onSignedIn(account);
    } catch (e) {
      applyFieldErrors(e, form.setError, ["email", "password"]);
      setFailure(describeFailure(e, t));
    }
  });

  const supportEmail = failure?.kind === "notApproved" ? (failure.supportEmail ?? config.data?.support_email) : undefined;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.25}>
        {failure?.kind === "error" && <Alert severity="error">{failure.message}</Alert>}
        {failure?.kind === "notApproved" && (
          <Alert severity="warning">
            <AlertTitle>{t("auth.notApproved")}</AlertTitle>
            {supportEmail
              ? t("auth.notApprovedContact", { email: supportEmail })
                  .split(supportEmail)
                  .flatMap((part, i) =>
                    i === 0
                      ? [part]
                      : [
                          <MuiLink key={part + String(i)} href={`mailto:${supportEmail}`}>
                            {supportEmail}
                          </MuiLink>,
                          part,
                        ],
                  )
              : null}
          </Alert>
        )}
        <TextField
          label={t("auth.email")}
          type="email"
          autoComplete="username"
          autoFocus={!defaultEmail}
          {...form.register("email")}
          error={!!errors.email}
          helperText={errors.email?.message}
        />
        <PasswordField
          label={t("auth.password")}
          autoComplete="current-password"
          autoFocus={!!defaultEmail}
          {...form.register("password")}
          error={!!errors.password}
          helperText={errors.password?.message}
        />
        {showForgotLink && (
          <Box sx={{ textAlign: "right", mt: "4px !important" }}>
            <MuiLink component={Link} to="/forgot-password" variant="body2" underline="hover">
              {t("auth.forgotPasswordLink")}
            </MuiLink>
          </Box>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={signIn.isPending}
          startIcon={signIn.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {submitLabel ?? t("auth.signIn")}
        </Button>
      </Stack>
    </Box>
  );
}
