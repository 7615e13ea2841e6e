import { Autocomplete, MenuItem, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useT } from "../../../lib/i18n";
import { useDebounced } from "../../../lib/use-debounced";
import { listOptionsQuery, sourceOptionsQuery } from "../../source-picker";

export interface Ref {
  id: number;
  name: string;
}

export interface SourceListSelectProps {
  source: Ref | null;
  listId: number | null;
  onSourceChange: (source: Ref | null) => void;
  onListChange: (listId: number | null) => void;
  onSourceBlur?: () => void;
  sourceError?: string;
  disabled?: boolean;
  /** The list being edited: its name shows while its source's lists load. */
  knownList?: Ref | null;
}

/** A source (searched on the server), then one of its lists or all of them; a new source clears the list. */
export function SourceListSelect({
  source,
  listId,
  onSourceChange,
  onListChange,
  onSourceBlur,
  sourceError,
  disabled,
  knownList,
}: SourceListSelectProps) {
  const t = useT();
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search.trim(), 500);
  const sources = useQuery(sourceOptionsQuery({ search: debounced }));
  const lists = useQuery({ ...listOptionsQuery(source?.id ?? 0, { limit: 100 }), enabled: !!source });

  const found: Ref[] = (sources.data?.data ?? []).map((s) => ({ id: s.id, name: s.name }));
  const options = source && !found.some((s) => s.id === source.id) ? [source, ...found] : found;
  const listOptions = lists.data?.data ?? [];

  return (
    <>
      <Autocomplete<Ref, false, false, false>
        options={options}
        value={source}
        disabled={disabled}
        loading={sources.isFetching}
        onChange={(_e, next) => {
          if (next?.id !== source?.id) onListChange(null);
          onSourceChange(next ? { id: next.id, name: next.name } : null);
        }}
        onBlur={onSourceBlur}
        onInputChange={(_e, text, reason) => {
          if (reason === "input") setSearch(text);
          else if (reason === "clear" || reason === "reset") setSearch("");
        }}
        // The server searched already.
        filterOptions={(all) => all}
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(o, v) => o.id === v.id}
        noOptionsText={t("lookups.form.noSources")}
        renderInput={(params) => (
          <TextField {...params} required label={t("lookups.form.source")} error={!!sourceError} helperText={sourceError} />
        )}
      />
      <TextField
        select
        label={t("lookups.form.list")}
        value={listId ?? ""}
        disabled={disabled || !source}
        helperText={source ? undefined : t("lookups.form.listAfterSource")}
        onChange={(e) => onListChange(e.target.value === "" ? null : Number(e.target.value))}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t("lookups.form.allLists")}</MenuItem>
        {listOptions.map((l) => (
          <MenuItem key={l.id} value={l.id}>
            {l.name}
          </MenuItem>
        ))}
        {/* The chosen list stays selectable while its source's lists load. */}
        {listId !== null && !listOptions.some((l) => l.id === listId) && (
          <MenuItem value={listId} sx={{ display: "none" }}>
            {knownList?.id === listId ? knownList.name : `#${listId}`}
          </MenuItem>
        )}
      </TextField>
    </>
  );
}
