import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type Control, useController } from "react-hook-form";
import { useT } from "../../../lib/i18n";
import { useDebounced } from "../../../lib/use-debounced";
import { listOptionsQuery, sourceOptionsQuery } from "../../source-picker";
import { type KeyFormValues, listAfterSourceChange } from "../model/key-form";
import { ChoicePicker } from "./choice-picker";

/**
 * Source, then List (the list selector is disabled until a source is chosen; changing the source clears
 * the list and loads that source's lists).
 */
export function SourceListFields({ control, disabled }: { control: Control<KeyFormValues>; disabled?: boolean }) {
  const t = useT();
  const source = useController({ control, name: "source" });
  const list = useController({ control, name: "list" });
  const [sourceSearch, setSourceSearch] = useState("");
  const [listSearch, setListSearch] = useState("");
  const sources = useQuery(sourceOptionsQuery({ search: useDebounced(sourceSearch, 500), sort: "name" }));
  const sourceId = source.field.value?.id;
  const debouncedListSearch = useDebounced(listSearch, 500);
  const lists = useQuery({ ...listOptionsQuery(sourceId ?? 0, { search: debouncedListSearch, sort: "name" }), enabled: !!sourceId });

  return (
    <>
      <ChoicePicker
        label={t("importApi.source")}
        required
        options={sources.data?.data ?? []}
        value={source.field.value}
        onChange={(next) => {
          const kept = listAfterSourceChange(source.field.value, next, list.field.value);
          source.field.onChange(next);
          if (kept !== list.field.value) list.field.onChange(kept);
          setListSearch("");
        }}
        onBlur={source.field.onBlur}
        onSearch={setSourceSearch}
        loading={sources.isFetching}
        disabled={disabled}
        error={source.fieldState.error?.message}
        noOptionsText={sourceSearch ? t("table.noRecords") : t("importApi.noSources")}
      />
      <ChoicePicker
        label={t("importApi.list")}
        required
        options={lists.data?.data ?? []}
        value={list.field.value}
        onChange={list.field.onChange}
        onBlur={list.field.onBlur}
        onSearch={setListSearch}
        loading={lists.isFetching}
        disabled={disabled || !sourceId}
        error={list.fieldState.error?.message}
        helperText={sourceId ? undefined : t("importApi.listAfterSource")}
        noOptionsText={listSearch ? t("table.noRecords") : t("importApi.noLists")}
      />
    </>
  );
}
