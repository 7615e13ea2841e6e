import CheckCircleIcon from "@mui/icons-material/CheckCircleOutlined";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link as MuiLink,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { PasswordField } from "../../../components/password-field/password-field";
import { applyFieldErrors, errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { useRequestResetCode, useResetPassword, useVerifyResetCode } from "../api/auth.api";
import { AuthHeading } from "../components/auth-heading";

type StepIndex = 0 | 1 | 2 | 3;

/** Step 1 email → step 2 the emailed code → step 3 the new password, all bound by the token the server returns. */
export function ForgotPasswordPage() {
  const t = useT();
  const [step, setStep] = useState<StepIndex>(0);
  const [email, setEmail] = useState("");
  const [token, setToken] = useState("");
  const [code, setCode] = useState("");
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <AuthHeading
        title={t("auth.forgotTitle")}
        subtitle={
          step === 0
            ? t("auth.forgotStep1")
            : step === 1
              ? t("auth.forgotStep2", { email })
              : step === 2
                ? t("auth.forgotStep3", { email })
                : undefined
        }
      />
      {step < 3 && (
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {[t("auth.stepEmail"), t("auth.stepCode"), t("auth.stepPassword")].map((l) => (
            <Step key={l}>
              <StepLabel>{l}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      {notice && step > 0 && step < 3 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {step === 0 && (
        <EmailStep
          onDone={(e, tok, message) => {
            setEmail(e);
            setToken(tok);
            setNotice(message);
            setStep(1);
          }}
        />
      )}
      {step === 1 && (
        <CodeStep
          token={token}
          onBack={() => setStep(0)}
          onDone={(c) => {
            setCode(c);
            setNotice(null);
            setStep(2);
          }}
        />
      )}
      {step === 2 && <PasswordStep token={token} email={email} code={code} onDone={() => setStep(3)} />}
      {step === 3 && (
        <Box sx={{ textAlign: "center", py: 1 }}>
          <CheckCircleIcon color="success" sx={{ fontSize: 52, mb: 1 }} />
          <Typography sx={{ mb: 3 }}>{t("auth.resetDone")}</Typography>
          <Button component={Link} to="/signin" variant="contained">
            {t("auth.backToSignIn")}
          </Button>
        </Box>
      )}
      {step < 3 && (
        <Box sx={{ mt: 3, textAlign: "center" }}>
          <MuiLink component={Link} to="/signin" variant="body2" underline="hover">
            {t("auth.backToSignIn")}
          </MuiLink>
        </Box>
      )}
    </>
  );
}

function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={busy}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {label}
    </Button>
  );
}

function EmailStep({ onDone }: { onDone: (email: string, token: string, message: string) => void }) {
  const t = useT();
  const send = useRequestResetCode();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ mode: "onTouched", defaultValues: { email: "" } });
  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const res = await send.mutateAsync(email.trim());
      onDone(email.trim(), res.token, res.message);
    } catch (e) {
      applyFieldErrors(e, form.setError, ["email"]);
      setError(errorMessage(e));
    }
  });
  const err = form.formState.errors.email;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        label={t("auth.email")}
        type="email"
        autoComplete="email"
        autoFocus
        {...form.register("email", { required: t("auth.required") })}
        error={!!err}
        helperText={err?.message}
      />
      <SubmitButton busy={send.isPending} label={t("auth.sendCode")} />
    </Stack>
  );
}

function CodeStep({ token, onDone, onBack }: { token: string; onDone: (code: string) => void; onBack: () => void }) {
  const t = useT();
  const verify = useVerifyResetCode();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ mode: "onTouched", defaultValues: { code: "" } });
  const submit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      const res = await verify.mutateAsync({ token, code: code.trim() });
      if (res.is_completed === false) setError(res.message);
      else onDone(code.trim());
    } catch (e) {
      applyFieldErrors(e, form.setError, ["code"]);
      setError(errorMessage(e));
    }
  });
  const err = form.formState.errors.code;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        label={t("auth.code")}
        autoComplete="one-time-code"
        autoFocus
        slotProps={{ htmlInput: { inputMode: "numeric", style: { letterSpacing: 4, fontWeight: 600 } } }}
        {...form.register("code", { required: t("auth.required") })}
        error={!!err}
        helperText={err?.message}
      />
      <SubmitButton busy={verify.isPending} label={t("auth.verifyCode")} />
      <Button onClick={onBack} color="inherit" size="small">
        {t("common.back")}
      </Button>
    </Stack>
  );
}

export function PasswordStep({
  token,
  email,
  code,
  onDone,
}: {
  token: string;
  email: string;
  code?: string;
  onDone: (message: string) => void;
}) {
  const t = useT();
  const reset = useResetPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ mode: "onTouched", defaultValues: { password: "", password_confirmation: "" } });
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const res = await reset.mutateAsync({ token, email, code, ...v });
      onDone(res.message);
    } catch (e) {
      applyFieldErrors(e, form.setError, ["password", "password_confirmation"]);
      setError(errorMessage(e));
    }
  });
  const { errors } = form.formState;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      {error && <Alert severity="error">{error}</Alert>}
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
      <SubmitButton busy={reset.isPending} label={t("auth.setPassword")} />
    </Stack>
  );
}
