import { type HitSearchColumn, HitSearchColumns } from "@leadflow/contracts";
import { MenuItem, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useT } from "../../../lib/i18n";

/*
 * The Clicks and Open at search: a column and a value, applied on Enter in the value box or when the
 * column changes; clearing the value clears the search. What is applied lives in the URL (`column`, `value`).
 */

export interface HitSearchState {
  column: HitSearchColumn;
  draft: string;
  setDraft: (v: string) => void;
  setColumn: (c: HitSearchColumn) => void;
  apply: (draft?: string) => void;
  applied: { column?: HitSearchColumn; value?: string };
}

const isColumn = (v: string | null): v is HitSearchColumn => !!v && (HitSearchColumns as readonly string[]).includes(v);

export function useHitSearch(enabled: boolean): HitSearchState {
  const [sp, setSp] = useSearchParams();
  const urlColumn = sp.get("column");
  const column: HitSearchColumn = isColumn(urlColumn) ? urlColumn : "id";
  const value = enabled ? (sp.get("value") ?? "") : "";
  const [draft, setDraft] = useState(value);

  const write = (c: HitSearchColumn, v: string) =>
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set("column", c);
        if (v.trim()) next.set("value", v.trim());
        else next.delete("value");
        next.delete("page");
        return next;
      },
      { replace: true },
    );

  return {
    column,
    draft,
    setDraft: (v) => {
      setDraft(v);
      if (!v && value) write(column, "");
    },
    setColumn: (c) => write(c, draft),
    apply: (v = draft) => write(column, v),
    applied: value ? { column, value } : {},
  };
}

export function HitSearch({ search }: { search: HitSearchState }) {
  const t = useT();
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label={t("campaigns.logs.searchColumn")}
        value={search.column}
        onChange={(e) => search.setColumn(e.target.value as HitSearchColumn)}
        sx={{ minWidth: 180 }}
      >
        {HitSearchColumns.map((c) => (
          <MenuItem key={c} value={c}>
            {t(`campaigns.logs.search.${c}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="search"
        label={t("campaigns.logs.searchValue")}
        helperText={t("campaigns.logs.searchHint")}
        value={search.draft}
        onChange={(e) => search.setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") search.apply();
        }}
        sx={{ minWidth: 240 }}
      />
    </Stack>
  );
}
