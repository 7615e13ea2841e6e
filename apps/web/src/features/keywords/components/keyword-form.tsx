import { MenuItem, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Controller } from "react-hook-form";
import { useCrudSave } from "../../../components/crud/crud-api";
import type { CrudFormProps } from "../../../components/crud/crud-settings-config";
import { EntityForm } from "../../../components/form/entity-form";
import { useEntityForm } from "../../../components/form/use-entity-form";
import { useT } from "../../../lib/i18n";
import { useGatewayOptions } from "../../integrations";
import { type KeywordRow, keywordPhonesQuery, keywordsApi } from "../api/keywords.api";
import { EMPTY_KEYWORD_FORM, formErrorPath, type KeywordControl, keywordFormFromRecord, keywordFormResolver } from "../model/keyword-form";
import { ActionFields } from "./action-fields";
import { PhonesInput } from "./phones-input";
import { ResponseField } from "./response-field";
import { WordsInput } from "./words-input";

/** The reply's gateway: the team's active SMS gateways; the keyword's own stays offered after it is switched off. */
function GatewaySelect({ control, current, disabled }: { control: KeywordControl; current: KeywordRow["gateway"]; disabled?: boolean }) {
  const t = useT();
  const gateways = useGatewayOptions("sms").data ?? [];
  const options = current && !gateways.some((g) => g.id === current.id) ? [current, ...gateways] : gateways;
  return (
    <Controller
      name="gateway_id"
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={t("keywords.field.gateway")}
          disabled={disabled}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value === "" ? "" : Number(e.target.value))}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? t("keywords.field.gatewayHint")}
        >
          <MenuItem value="">{t("keywords.field.gatewayNone")}</MenuItem>
          {options.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Add New Keyword / Edit Keyword: words, numbers, the reply's gateway, the action and the response message. */
export function KeywordForm({ entity: keyword }: CrudFormProps<KeywordRow>) {
  const t = useT();
  const save = useCrudSave(keywordsApi);
  const phones = useQuery(keywordPhonesQuery());
  const form = useEntityForm({
    resolver: keywordFormResolver,
    defaults: keyword ? keywordFormFromRecord(keyword) : EMPTY_KEYWORD_FORM,
    submit: (input) => save.mutateAsync({ id: keyword?.id, input }),
    success: t(keyword ? "keywords.updated" : "keywords.created"),
    serverFields: formErrorPath,
  });
  const { control } = form.form;
  const disabled = form.pending;
  return (
    <EntityForm
      form={form}
      title={t(keyword ? "keywords.editTitle" : "keywords.createTitle")}
      submitLabel={keyword ? undefined : t("keywords.create")}
    >
      <WordsInput control={control} disabled={disabled} />
      <PhonesInput control={control} options={phones.data ?? []} loading={phones.isPending} disabled={disabled} />
      <GatewaySelect control={control} current={keyword?.gateway ?? null} disabled={disabled} />
      <ActionFields control={control} disabled={disabled} />
      <ResponseField control={control} disabled={disabled} />
    </EntityForm>
  );
}
