import { zodResolver } from "@hookform/resolvers/zod";
import { Industries, SignUpRequest } from "@leadflow/contracts";
import MarkEmailReadIcon from "@mui/icons-material/MarkEmailReadOutlined";
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { PasswordField } from "../../../components/password-field/password-field";
import { applyFieldErrors, errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { signInAndRemember, useSignUp } from "../api/auth.api";
import { AuthHeading } from "../components/auth-heading";

const industryOptions = Object.entries(Industries).map(([id, name]) => ({ id: Number(id), name }));
const FIELDS = ["name", "phone_number", "email", "industry", "password", "password_confirmation"] as const;

export function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(SignUpRequest),
    mode: "onTouched",
    defaultValues: { name: "", phone_number: "+1", email: "", industry: "" as unknown as number, password: "", password_confirmation: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await signUp.mutateAsync(values);
      if (res.pending) {
        setPending(true);
        return;
      }
      // Self-hosted installs may approve registrations at once: sign straight in.
      const { account } = await signInAndRemember({ email: values.email, password: values.password });
      navigate(`/u/${account.index}/`, { replace: true });
    } catch (e) {
      applyFieldErrors(e, form.setError, FIELDS);
      setError(errorMessage(e));
    }
  });

  if (pending) {
    return (
      <Box sx={{ textAlign: "center", py: 2 }}>
        <MarkEmailReadIcon color="primary" sx={{ fontSize: 52, mb: 1.5 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {t("auth.pendingTitle")}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t("auth.pending")}
        </Typography>
        <Button component={Link} to="/signin" variant="outlined">
          {t("auth.backToSignIn")}
        </Button>
      </Box>
    );
  }

  return (
    <>
      <AuthHeading title={t("auth.registerTitle")} subtitle={t("auth.registerSubtitle")} />
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label={t("auth.fullName")}
            autoComplete="name"
            autoFocus
            {...form.register("name")}
            error={!!errors.name}
            helperText={errors.name?.message}
          />
          <TextField
            label={t("auth.phone")}
            type="tel"
            autoComplete="tel"
            {...form.register("phone_number")}
            error={!!errors.phone_number}
            helperText={errors.phone_number?.message}
          />
          <TextField
            label={t("auth.email")}
            type="email"
            autoComplete="email"
            {...form.register("email")}
            error={!!errors.email}
            helperText={errors.email?.message}
          />
          <Controller
            control={form.control}
            name="industry"
            render={({ field }) => (
              <TextField
                select
                label={t("auth.industry")}
                {...field}
                value={field.value ?? ""}
                onChange={(e) => field.onChange(Number(e.target.value))}
                error={!!errors.industry}
                helperText={errors.industry?.message}
              >
                {industryOptions.map((o) => (
                  <MenuItem key={o.id} value={o.id}>
                    {o.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <PasswordField
            label={t("auth.password")}
            autoComplete="new-password"
            {...form.register("password")}
            error={!!errors.password}
            helperText={errors.password?.message ?? t("auth.passwordRule")}
          />
          <PasswordField
            label={t("auth.passwordConfirmation")}
            autoComplete="new-password"
            {...form.register("password_confirmation")}
            error={!!errors.password_confirmation}
            helperText={errors.password_confirmation?.message}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {t("auth.createAccount")}
          </Button>
        </Stack>
      </Box>
    </>
  );
}
