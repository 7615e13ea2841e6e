import type { SignupForm } from "@leadflow/contracts";
import ContentCopyOutlinedIcon from "@mui/icons-material/ContentCopyOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import OpenInNewOutlinedIcon from "@mui/icons-material/OpenInNewOutlined";
import { Alert, Button, Chip, Paper, Skeleton, Stack, Switch, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { copyText } from "../../../lib/clipboard";
import { formatNumber } from "../../../lib/format";
import { useT } from "../../../lib/i18n";
import { signupFormQuery, useSaveSignupForm } from "../api/signup-forms.api";
import { RecentOptIns } from "./recent-opt-ins";
import { SignupFormDialog } from "./signup-form-dialog";

/** The list's sign-up form at a glance: its link (copy, preview), on/off, double opt-in figures, and its settings. */
export function SignupFormCard({ listId }: { listId: number }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const form = useQuery(signupFormQuery(listId));
  const save = useSaveSignupForm(listId);
  const [open, setOpen] = useState(false);
  const data = form.data?.data ?? null;

  const toggle = (f: SignupForm, enabled: boolean) => {
    const { title, description, fields, consent_text, success_message, double_opt_in, gateway_id, from_number } = f;
    save.mutate(
      { title, description, fields, consent_text, success_message, double_opt_in, gateway_id, from_number, enabled },
      { onError: (e) => enqueueSnackbar(e.message, { variant: "error" }) },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid="signup-form-card">
      <Stack direction="row" sx={{ mb: 1, justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography variant="subtitle1" component="h2">
          {t("signupForms.title")}
        </Typography>
        {data && (
          <Stack direction="row" sx={{ alignItems: "center" }}>
            <Switch
              checked={data.enabled}
              disabled={save.isPending}
              onChange={(e) => toggle(data, e.target.checked)}
              slotProps={{ input: { "aria-label": t("signupForms.field.enabled") } }}
            />
            <Typography variant="body2" color={data.enabled ? "success.main" : "text.secondary"}>
              {t(data.enabled ? "signupForms.enabled" : "signupForms.disabled")}
            </Typography>
          </Stack>
        )}
      </Stack>
      {form.isError ? (
        <Alert severity="error">{t("signupForms.loadError")}</Alert>
      ) : form.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : !data ? (
        <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
          <Typography variant="body2" color="text.secondary">
            {t("signupForms.none")}
          </Typography>
          <Button variant="contained" onClick={() => setOpen(true)}>
            {t("signupForms.create")}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          <Typography variant="body1" sx={{ fontWeight: 600 }}>
            {data.title}
          </Typography>
          <Typography
            variant="body2"
            component="a"
            href={data.url}
            target="_blank"
            rel="noopener"
            data-testid="signup-form-url"
            sx={{ color: "primary.main", wordBreak: "break-all" }}
          >
            {data.url}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
            <Chip size="small" label={t(data.double_opt_in ? "signupForms.doubleOptIn" : "signupForms.singleOptIn")} />
            {data.double_opt_in && (
              <Chip size="small" color="warning" variant="outlined" label={`${t("signupForms.pending")}: ${formatNumber(data.pending)}`} />
            )}
            <Chip
              size="small"
              color="success"
              variant="outlined"
              label={`${t("signupForms.confirmed")}: ${formatNumber(data.confirmed)}`}
            />
          </Stack>
          <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1 }}>
            <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => setOpen(true)}>
              {t("signupForms.edit")}
            </Button>
            <Button
              size="small"
              startIcon={<ContentCopyOutlinedIcon />}
              onClick={async () => {
                if (await copyText(data.url)) enqueueSnackbar(t("signupForms.copied"), { variant: "success" });
              }}
            >
              {t("signupForms.copy")}
            </Button>
            <Button size="small" startIcon={<OpenInNewOutlinedIcon />} href={data.url} target="_blank" rel="noopener">
              {t("signupForms.preview")}
            </Button>
          </Stack>
          <RecentOptIns listId={listId} />
        </Stack>
      )}
      {form.data && <SignupFormDialog open={open} listId={listId} answer={form.data} onClose={() => setOpen(false)} />}
    </Paper>
  );
}
