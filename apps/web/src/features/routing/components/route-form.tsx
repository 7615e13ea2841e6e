import type { CampaignRoute, CarrierGroup, GatewaySenderOptions } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import { Alert, Box, Button, Divider, Stack, Typography } from "@mui/material";
import { useFieldArray, useWatch } from "react-hook-form";
import { useCrudSave } from "../../../components/crud/crud-api";
import { EntityForm } from "../../../components/form/entity-form";
import { FormTextField } from "../../../components/form/form-text-field";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { routesApi } from "../api/routes.api";
import { useCarrierGroups, useSenderOptions } from "../api/sender-options.api";
import {
  emptyRouteForm,
  estimatedFrequencyOf,
  newGroupRow,
  routeErrorPath,
  routeFormFromRecord,
  routeFormSchema,
  toSaveRoute,
} from "../model/route-form";
import { FormLoading } from "./form-loading";
import { FrequencyField } from "./frequency-field";
import { RouteGroupRow } from "./route-group-row";
import { SectionHeading } from "./section-heading";
import { SenderFields } from "./sender-fields";

/** Add/Edit Route, once the gateways and carrier groups it picks from are loaded. */
export function RouteForm({ entity }: { entity: CampaignRoute | undefined }) {
  const t = useT();
  const gateways = useSenderOptions();
  const groups = useCarrierGroups();
  const title = t(entity ? "routing.routes.editTitle" : "routing.routes.createTitle");
  if (!gateways.data || !groups.data) {
    const retry = () => Promise.all([gateways.refetch(), groups.refetch()]);
    return <FormLoading title={title} error={gateways.error ?? groups.error} onRetry={() => void retry()} />;
  }
  return <RouteFormBody entity={entity} title={title} gateways={gateways.data} groups={groups.data} />;
}

interface BodyProps {
  entity: CampaignRoute | undefined;
  title: string;
  gateways: GatewaySenderOptions[];
  groups: CarrierGroup[];
}

/** Name, the default sender with its frequency, and a sender per carrier group; the estimate updates as you type. */
function RouteFormBody({ entity, title, gateways, groups }: BodyProps) {
  const t = useT();
  const save = useCrudSave(routesApi);
  const entityForm = useEntityForm({
    schema: routeFormSchema,
    defaults: entity ? routeFormFromRecord(entity, gateways) : emptyRouteForm(gateways[0]?.id),
    submit: (values) => save.mutateAsync({ id: entity?.id, input: toSaveRoute(values) }),
    success: (answer) => answer.message,
    serverFields: routeErrorPath,
  });
  const { form, pending } = entityForm;
  const rows = useFieldArray({ control: form.control, name: "groups" });
  const [fallback, groupRows] = useWatch({ control: form.control, name: ["default", "groups"] });
  const next = newGroupRow(groups, groupRows, fallback.gateway_id);

  return (
    <EntityForm form={entityForm} title={title} submitDisabled={gateways.length === 0}>
      {gateways.length === 0 && <Alert severity="info">{t("routing.noGateways")}</Alert>}
      <FormTextField
        name="name"
        control={form.control}
        label={t("routing.name")}
        placeholder={t("routing.routes.namePlaceholder")}
        autoFocus
        required
        disabled={pending}
        slotProps={{ htmlInput: { maxLength: 191, autoComplete: "off" } }}
      />
      <Stack spacing={2} role="group" aria-label={t("routing.routes.default")}>
        <SectionHeading title={t("routing.routes.default")} hint={t("routing.routes.defaultHint")} />
        <SenderFields form={form} prefix="default" gateways={gateways} disabled={pending} />
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          <FrequencyField name="default.frequency" control={form.control} disabled={pending} />
        </Box>
      </Stack>
      <Divider />
      <SectionHeading title={t("routing.routes.groups")} hint={t("routing.routes.groupsHint")} />
      {rows.fields.map((row, index) => (
        <RouteGroupRow
          key={row.id}
          form={form}
          index={index}
          groups={groups}
          gateways={gateways}
          onRemove={() => rows.remove(index)}
          disabled={pending}
        />
      ))}
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", rowGap: 1 }}>
        <Button size="small" startIcon={<AddIcon />} disabled={pending || !next} onClick={() => next && rows.append(next)}>
          {t("routing.routes.addGroup")}
        </Button>
        <Typography variant="body2" sx={{ fontWeight: 600 }} aria-live="polite">
          {t("routing.routes.estimated", { count: estimatedFrequencyOf({ default: fallback, groups: groupRows }) })}
        </Typography>
      </Stack>
    </EntityForm>
  );
}
