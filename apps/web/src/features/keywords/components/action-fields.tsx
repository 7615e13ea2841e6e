import { KeywordActions } from "@leadflow/contracts";
import { Autocomplete, FormControlLabel, FormHelperText, MenuItem, Switch, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { Controller, useController, useWatch } from "react-hook-form";
import { useT } from "../../../lib/i18n";
import { sourcesWithListsQuery } from "../../source-picker";
import type { KeywordControl, ListChoice } from "../model/keyword-form";

/** Every list of the team, grouped by source (the filter builder reads the same answer). */
function useListChoices(enabled: boolean) {
  const query = useQuery({ ...sourcesWithListsQuery({ limit: 1000 }), enabled });
  const choices: ListChoice[] = (query.data?.data ?? []).flatMap((s) => s.lists.map((l) => ({ id: l.id, name: l.name, source: s.name })));
  return { choices, loading: query.isFetching };
}

function ListPicker({ control, disabled }: { control: KeywordControl; disabled?: boolean }) {
  const t = useT();
  const { field, fieldState } = useController({ control, name: "list" });
  const { choices, loading } = useListChoices(true);
  const value = field.value;
  const options = value && !choices.some((c) => c.id === value.id) ? [value, ...choices] : choices;
  return (
    <Autocomplete<ListChoice, false, false, false>
      options={options}
      value={value}
      loading={loading}
      disabled={disabled}
      onChange={(_e, next) => field.onChange(next)}
      onBlur={field.onBlur}
      groupBy={(o) => o.source ?? ""}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id}
      isOptionEqualToValue={(o, v) => o.id === v.id}
      noOptionsText={t("keywords.field.noLists")}
      loadingText={t("common.loading")}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={t("keywords.field.list")}
          required
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? t("keywords.field.listHint")}
        />
      )}
    />
  );
}

/** The action, then what it needs: a list to subscribe to, or the trigger campaign to start. */
export function ActionFields({ control, disabled }: { control: KeywordControl; disabled?: boolean }) {
  const t = useT();
  const action = useWatch({ control, name: "action" });
  return (
    <>
      <Controller
        name="action"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t("keywords.field.action")}
            required
            disabled={disabled}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
          >
            {KeywordActions.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`keywords.action.${a}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {action === "subscribe" && <ListPicker control={control} disabled={disabled} />}
      {action === "subscribe" && (
        <Controller
          name="double_opt_in"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Switch checked={field.value} disabled={disabled} onChange={(e) => field.onChange(e.target.checked)} />}
              label={
                <>
                  {t("keywords.field.doubleOptIn")}
                  <FormHelperText sx={{ mt: 0 }}>{t("keywords.field.doubleOptInHint")}</FormHelperText>
                </>
              }
            />
          )}
        />
      )}
      {action === "trigger" && (
        // Campaigns are not built yet: nothing to choose, so the select says when it will be.
        <TextField select disabled label={t("keywords.field.trigger")} value="" helperText={t("keywords.field.triggerHint")}>
          <MenuItem value="">{t("keywords.field.triggerNone")}</MenuItem>
        </TextField>
      )}
    </>
  );
}
