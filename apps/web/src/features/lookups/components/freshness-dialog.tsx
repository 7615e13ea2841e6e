import { DEFAULT_FRESHNESS, LookupFreshness } from "@leadflow/contracts";
import { Skeleton, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { EntityForm } from "../../../components/form/entity-form";
import { EntityFormDialog } from "../../../components/form/entity-form-dialog";
import { FormFields } from "../../../components/form/form-fields";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { errorMessage } from "../../../lib/errors";
import { useT } from "../../../lib/i18n";
import { freshnessQuery, useSaveFreshness } from "../api/lookups.api";

const FIELDS = ["carrier_days", "email_days", "dnc_days", "consent_days", "rnd_days"] as const;

/**
 * Lookup freshness: how old a carrier, email, DNC, certificate or Reassigned Numbers result may be and still be
 * reused, free, instead of paid again.
 */
export function FreshnessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const current = useQuery({ ...freshnessQuery(), enabled: open });
  return (
    <EntityFormDialog open={open} onClose={onClose} entity={current.data} entityKey={(settings) => (settings ? "loaded" : "loading")}>
      {(settings) => <FreshnessForm settings={settings} loadError={current.error} />}
    </EntityFormDialog>
  );
}

function FreshnessForm({ settings, loadError }: { settings: LookupFreshness | undefined; loadError: unknown }) {
  const t = useT();
  const save = useSaveFreshness();
  const form = useEntityForm({
    schema: LookupFreshness,
    defaults: settings ?? DEFAULT_FRESHNESS,
    submit: (values) => save.mutateAsync(values),
    success: (answer) => answer.message || t("lookups.freshness.saved"),
  });
  return (
    <EntityForm
      form={form}
      title={t("lookups.freshness.title")}
      submitDisabled={!settings}
      error={loadError ? errorMessage(loadError) : null}
    >
      <Typography variant="body2" color="text.secondary">
        {t("lookups.freshness.text")}
      </Typography>
      {settings ? (
        <FormFields
          control={form.form.control}
          disabled={form.pending}
          fields={FIELDS.map((f) => ({
            name: f,
            type: "number",
            required: true,
            label: t(`lookups.freshness.${f}`),
            min: 0,
            max: 3650,
            unit: t("lookups.freshness.days"),
          }))}
        />
      ) : (
        FIELDS.map((f) => <Skeleton key={f} variant="rounded" height={40} />)
      )}
    </EntityForm>
  );
}
