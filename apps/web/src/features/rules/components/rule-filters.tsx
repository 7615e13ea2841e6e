import { RuleTypeList } from "@leadflow/contracts";
import { Box, MenuItem, TextField } from "@mui/material";
import { useSearchParams } from "react-router";
import type { CrudTableFilters } from "../../../components/crud/crud-settings-config";
import { useT } from "../../../lib/i18n";
import { type RuleFilters, readRuleFilters, ruleFilterParams, writeRuleFilters } from "../model/rule-filters";

const ANY = "any";
const selectSx = { flex: { xs: "1 1 0", sm: "0 0 190px" }, minWidth: 0 } as const;

function RuleFilterControls({ value, onChange }: { value: RuleFilters; onChange: (next: RuleFilters) => void }) {
  const t = useT();
  const active = value.active === undefined ? ANY : value.active ? "1" : "0";
  // On a phone the two share a line under the search, half each; from sm up they sit right of it.
  return (
    <Box sx={{ display: "flex", gap: 1, flex: { xs: "1 1 100%", sm: "0 0 auto" } }}>
      <TextField
        select
        size="small"
        label={t("rules.filter.type")}
        value={value.type === undefined ? ANY : String(value.type)}
        onChange={(e) => onChange({ ...value, type: e.target.value === ANY ? undefined : (Number(e.target.value) as RuleFilters["type"]) })}
        sx={selectSx}
      >
        <MenuItem value={ANY}>{t("rules.filter.allTypes")}</MenuItem>
        {RuleTypeList.map((type) => (
          <MenuItem key={type} value={String(type)}>
            {t(`rules.type.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t("rules.filter.active")}
        value={active}
        onChange={(e) => onChange({ ...value, active: e.target.value === ANY ? undefined : e.target.value === "1" })}
        sx={{ ...selectSx, flex: { xs: "1 1 0", sm: "0 0 130px" } }}
      >
        <MenuItem value={ANY}>{t("rules.filter.any")}</MenuItem>
        <MenuItem value="1">{t("rules.filter.activeOnly")}</MenuItem>
        <MenuItem value="0">{t("rules.filter.inactiveOnly")}</MenuItem>
      </TextField>
    </Box>
  );
}

/** Type and Active above the Rules table, in the URL (a reload or a shared link shows the same rules). */
export function useRuleFilters(): CrudTableFilters {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = readRuleFilters(searchParams);
  const onChange = (next: RuleFilters) => setSearchParams((prev) => writeRuleFilters(prev, next));
  return { params: ruleFilterParams(value), controls: <RuleFilterControls value={value} onChange={onChange} /> };
}
