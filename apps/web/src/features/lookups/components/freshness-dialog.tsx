import { zodResolver } from "@hookform/resolvers/zod";
import { DEFAULT_FRESHNESS, LookupFreshness } from "@leadflow/contracts";
import { InputAdornment, Skeleton, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormDialog } from "../../../components/form-dialog/form-dialog";
import { FormTextField } from "../../../components/form-dialog/form-text-field";
import { applyFieldErrors, errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { freshnessQuery, useSaveFreshness } from "../api/lookups.api";

type Values = z.input<typeof LookupFreshness>;
const FIELDS = ["carrier_days", "email_days", "dnc_days"] as const;

/** Lookup freshness: how old a carrier, email or DNC result may be and still be reused, free, instead of paid again. */
export function FreshnessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const current = useQuery({ ...freshnessQuery(), enabled: open });
  const save = useSaveFreshness();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError } = useForm<Values, unknown, LookupFreshness>({
    resolver: zodResolver(LookupFreshness),
    mode: "onTouched",
    defaultValues: DEFAULT_FRESHNESS,
  });

  useEffect(() => {
    if (open && current.data) reset(current.data);
  }, [open, current.data, reset]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: clear once per opening
  useEffect(() => {
    if (!open) return;
    setFormError(null);
    save.reset();
  }, [open]);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await save.mutateAsync(values);
      enqueueSnackbar(answer.message || t("lookups.freshness.saved"), { variant: "success" });
      onClose();
    } catch (e) {
      if (!applyFieldErrors(e, setError, FIELDS)) setFormError(errorMessage(e));
    }
  });

  return (
    <FormDialog
      open={open}
      title={t("lookups.freshness.title")}
      onSubmit={submit}
      onClose={onClose}
      loading={save.isPending}
      submitDisabled={!current.data}
      error={formError ?? (current.error ? errorMessage(current.error) : null)}
    >
      <Typography variant="body2" color="text.secondary">
        {t("lookups.freshness.text")}
      </Typography>
      {current.isPending
        ? FIELDS.map((f) => <Skeleton key={f} variant="rounded" height={40} />)
        : FIELDS.map((f) => (
            <FormTextField
              key={f}
              name={f}
              control={control}
              type="number"
              required
              label={t(`lookups.freshness.${f}`)}
              disabled={save.isPending}
              slotProps={{
                htmlInput: { min: 0, max: 3650, step: 1 },
                input: { endAdornment: <InputAdornment position="end">{t("lookups.freshness.days")}</InputAdornment> },
              }}
            />
          ))}
    </FormDialog>
  );
}
