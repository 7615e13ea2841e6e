import type { LeadAttribute, SaveSignupFormInput, SignupForm, SignupFormAnswer, SignupFormField } from "@leadflow/contracts";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useId, useState } from "react";
import { ApiError, api } from "../../../lib/api-client";
import { useT } from "../../../lib/i18n";
import { attributeKeys } from "../../attributes";
import { keywordPhonesQuery } from "../../keywords";
import { useSaveSignupForm } from "../api/signup-forms.api";

type Values = Omit<SaveSignupFormInput, "fields"> & { fields: SignupFormField[] };

function initial(form: SignupForm | null, defaults: SignupFormAnswer["defaults"]): Values {
  if (form) {
    const { title, description, fields, consent_text, success_message, double_opt_in, enabled, gateway_id, from_number } = form;
    return { title, description, fields, consent_text, success_message, double_opt_in, enabled, gateway_id, from_number };
  }
  return { ...defaults, description: "", fields: [], double_opt_in: true, enabled: true, gateway_id: null, from_number: null };
}

/** The list's sign-up form settings: texts, fields, consent language, double opt-in and its sender. */
export function SignupFormDialog({
  open,
  listId,
  answer,
  onClose,
}: {
  open: boolean;
  listId: number;
  answer: SignupFormAnswer;
  onClose: () => void;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <Dialog open={open} onClose={onClose} fullWidth fullScreen={phone} maxWidth="sm" scroll="paper">
      {open && <SignupFormBody listId={listId} answer={answer} onClose={onClose} />}
    </Dialog>
  );
}

function SignupFormBody({ listId, answer, onClose }: { listId: number; answer: SignupFormAnswer; onClose: () => void }) {
  const t = useT();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const [v, setV] = useState<Values>(() => initial(answer.data, answer.defaults));
  const save = useSaveSignupForm(listId);
  const attributes = useQuery({
    queryKey: [...attributeKeys.all, "all"] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: LeadAttribute[] }>("/lead-attributes-all", undefined, { signal })).data,
  });
  const senders = useQuery(keywordPhonesQuery());
  const choices = (attributes.data ?? []).filter((a) => a.type !== "phone" && !v.fields.some((f) => f.attribute_id === a.id));
  const senderOptions = (senders.data ?? []).flatMap((o) =>
    o.gateways.map((g) => ({ key: `${g.id}|${o.phone}`, label: `${o.phone} · ${g.name}` })),
  );
  const errors = save.error instanceof ApiError ? (save.error.errors ?? {}) : {};
  const err = (key: string) => errors[key]?.[0];
  const set = (patch: Partial<Values>) => setV((old) => ({ ...old, ...patch }));
  const setField = (i: number, patch: Partial<SignupFormField>) =>
    set({ fields: v.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(v, {
      onSuccess: () => {
        enqueueSnackbar(t("signupForms.saved"), { variant: "success" });
        onClose();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(answer.data ? "signupForms.dialog.edit" : "signupForms.dialog.create")}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {save.error && !Object.keys(errors).length && <Alert severity="error">{save.error.message}</Alert>}
          <TextField
            label={t("signupForms.field.title")}
            required
            value={v.title}
            onChange={(e) => set({ title: e.target.value })}
            error={!!err("title")}
            helperText={err("title")}
          />
          <TextField
            label={t("signupForms.field.description")}
            multiline
            minRows={2}
            value={v.description}
            onChange={(e) => set({ description: e.target.value })}
            error={!!err("description")}
            helperText={err("description")}
          />
          <Stack spacing={1}>
            <Typography variant="subtitle2">{t("signupForms.field.fields")}</Typography>
            <FormHelperText sx={{ mt: 0 }} error={!!err("fields")}>
              {err("fields") ?? t("signupForms.field.fieldsHint")}
            </FormHelperText>
            {v.fields.map((f, i) => (
              <Stack key={f.attribute_id} direction="row" spacing={1} sx={{ alignItems: "center" }}>
                <TextField
                  size="small"
                  label={t("signupForms.field.label")}
                  value={f.label}
                  onChange={(e) => setField(i, { label: e.target.value })}
                  helperText={attributes.data?.find((a) => a.id === f.attribute_id)?.name}
                  sx={{ flex: 1 }}
                />
                <FormControlLabel
                  control={<Checkbox checked={f.required} onChange={(e) => setField(i, { required: e.target.checked })} />}
                  label={t("signupForms.field.required")}
                />
                <IconButton aria-label={t("signupForms.field.remove")} onClick={() => set({ fields: v.fields.filter((_, j) => j !== i) })}>
                  <DeleteOutlinedIcon />
                </IconButton>
              </Stack>
            ))}
            <TextField
              select
              size="small"
              label={t("signupForms.field.addField")}
              value=""
              disabled={choices.length === 0}
              onChange={(e) => {
                const a = attributes.data?.find((x) => x.id === Number(e.target.value));
                if (a) set({ fields: [...v.fields, { attribute_id: a.id, label: a.name, required: false }] });
              }}
            >
              {choices.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            label={t("signupForms.field.consent")}
            required
            multiline
            minRows={3}
            value={v.consent_text}
            onChange={(e) => set({ consent_text: e.target.value })}
            error={!!err("consent_text")}
            helperText={err("consent_text") ?? t("signupForms.field.consentHint")}
          />
          <TextField
            label={t("signupForms.field.success")}
            required
            value={v.success_message}
            onChange={(e) => set({ success_message: e.target.value })}
            error={!!err("success_message")}
            helperText={err("success_message")}
          />
          <FormControlLabel
            control={<Switch checked={v.double_opt_in ?? true} onChange={(e) => set({ double_opt_in: e.target.checked })} />}
            label={
              <>
                {t("signupForms.field.doubleOptIn")}
                <FormHelperText sx={{ mt: 0 }}>{t("signupForms.field.doubleOptInHint")}</FormHelperText>
              </>
            }
          />
          {v.double_opt_in && (
            <TextField
              select
              required
              label={t("signupForms.field.sender")}
              value={v.gateway_id && v.from_number ? `${v.gateway_id}|${v.from_number}` : ""}
              onChange={(e) => {
                const [g, phone] = String(e.target.value).split("|");
                set({ gateway_id: Number(g), from_number: phone ?? null });
              }}
              error={!!err("from_number")}
              helperText={
                err("from_number") ?? (senders.isSuccess && senderOptions.length === 0 ? t("signupForms.field.noSenders") : undefined)
              }
            >
              {senderOptions.map((o) => (
                <MenuItem key={o.key} value={o.key}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <FormControlLabel
            control={<Switch checked={v.enabled ?? true} onChange={(e) => set({ enabled: e.target.checked })} />}
            label={t("signupForms.field.enabled")}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("signupForms.cancel")}</Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t("signupForms.save")}
        </Button>
      </DialogActions>
    </form>
  );
}
