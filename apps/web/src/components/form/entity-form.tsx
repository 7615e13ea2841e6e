import { Alert, Button, CircularProgress, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { useT } from "../../lib/i18n";
import { type FieldSpec, FormFields } from "./form-fields";
import { useFormSession } from "./form-session";
import type { EntityFormApi } from "./use-entity-form";

export interface EntityFormProps<V extends FieldValues, O> {
  form: EntityFormApi<V, O>;
  title: ReactNode;
  /** Default 'Save'. */
  submitLabel?: string;
  submitDisabled?: boolean;
  /** Buttons left of Cancel (Test connection, Delete). */
  extraActions?: ReactNode;
  /** An alert the form's own error does not cover (its data failed to load). */
  error?: ReactNode;
  /** A simple form's fields as data; custom fields come as children, after them. */
  fields?: readonly FieldSpec<NoInfer<V>>[];
  children?: ReactNode;
}

/** The body of an EntityFormDialog: title, error alert, fields, Cancel and a submit button that shows the save. */
export function EntityForm<V extends FieldValues, O>({
  form,
  title,
  submitLabel,
  submitDisabled,
  extraActions,
  error,
  fields,
  children,
}: EntityFormProps<V, O>) {
  const t = useT();
  const { titleId } = useFormSession();
  const { pending } = form;
  const alert = form.formError ?? error;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!pending) void form.onSubmit(e);
      }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {alert && <Alert severity="error">{alert}</Alert>}
          {fields && <FormFields fields={fields} control={form.form.control} disabled={pending} />}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        {extraActions}
        <Button onClick={form.close} disabled={pending} color="inherit">
          {t("common.cancel")}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending || submitDisabled}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {submitLabel ?? t("common.save")}
        </Button>
      </DialogActions>
    </form>
  );
}
