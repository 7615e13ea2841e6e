import type { CampaignPool, GatewaySenderOptions } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import RemoveIcon from "@mui/icons-material/Close";
import { Alert, Button, FormHelperText, IconButton, Paper, Stack, Typography } from "@mui/material";
import { useFieldArray } from "react-hook-form";
import { useCrudSave } from "../../../components/crud/crud-api";
import { EntityForm } from "../../../components/form/entity-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { poolsApi } from "../api/pools.api";
import { useSenderOptions } from "../api/sender-options.api";
import { emptyPoolForm, poolErrorPath, poolFormFromRecord, poolFormSchema, toSavePool } from "../model/pool-form";
import { emptySender } from "../model/sender";
import { FormLoading } from "./form-loading";
import { SectionHeading } from "./section-heading";
import { SenderFields } from "./sender-fields";

/** Add/Edit Pool, once the gateways it picks from are loaded. */
export function PoolForm({ entity }: { entity: CampaignPool | undefined }) {
  const t = useT();
  const gateways = useSenderOptions();
  const title = t(entity ? "routing.pools.editTitle" : "routing.pools.createTitle");
  if (!gateways.data) return <FormLoading title={title} error={gateways.error} onRetry={() => void gateways.refetch()} />;
  return <PoolFormBody entity={entity} title={title} gateways={gateways.data} />;
}

/** Name and the pool's senders, each a gateway's phone or pool; at least one, none twice. */
function PoolFormBody({ entity, title, gateways }: { entity: CampaignPool | undefined; title: string; gateways: GatewaySenderOptions[] }) {
  const t = useT();
  const save = useCrudSave(poolsApi);
  const first = gateways[0]?.id ?? "";
  const entityForm = useEntityForm({
    schema: poolFormSchema,
    defaults: entity ? poolFormFromRecord(entity, gateways) : emptyPoolForm(first),
    submit: (values) => save.mutateAsync({ id: entity?.id, input: toSavePool(values) }),
    success: (answer) => answer.message,
    serverFields: poolErrorPath,
  });
  const { form, pending } = entityForm;
  const rows = useFieldArray({ control: form.control, name: "senders" });
  const listError = form.formState.errors.senders?.root?.message ?? form.formState.errors.senders?.message;

  return (
    <EntityForm form={entityForm} title={title} submitDisabled={gateways.length === 0}>
      {gateways.length === 0 && <Alert severity="info">{t("routing.noGateways")}</Alert>}
      <FormTextField
        name="name"
        control={form.control}
        label={t("routing.name")}
        placeholder={t("routing.pools.namePlaceholder")}
        autoFocus
        required
        disabled={pending}
        slotProps={{ htmlInput: { maxLength: 191, autoComplete: "off" } }}
      />
      <SectionHeading title={t("routing.pools.senders")} hint={t("routing.pools.sendersHint")} />
      {rows.fields.map((row, index) => (
        <Paper key={row.id} variant="outlined" role="group" aria-label={t("routing.pools.senderRow", { index: index + 1 })} sx={{ p: 1.5 }}>
          <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t("routing.pools.senderRow", { index: index + 1 })}
            </Typography>
            <IconButton
              size="small"
              onClick={() => rows.remove(index)}
              disabled={pending}
              aria-label={t("routing.pools.removeSender", { index: index + 1 })}
            >
              <RemoveIcon fontSize="small" />
            </IconButton>
          </Stack>
          <SenderFields form={form} prefix={`senders.${index}`} gateways={gateways} disabled={pending} />
        </Paper>
      ))}
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      <Button
        size="small"
        startIcon={<AddIcon />}
        disabled={pending}
        onClick={() => rows.append(emptySender(first))}
        sx={{ alignSelf: "flex-start" }}
      >
        {t("routing.pools.addSender")}
      </Button>
    </EntityForm>
  );
}
