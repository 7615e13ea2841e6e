import { FilterGroups, type SegmentFilter, type SegmentFilters } from "@leadflow/contracts";
import { Box, Button, Divider, Stack, Typography } from "@mui/material";
import { Fragment, useEffect, useState } from "react";
import { useT } from "../../../lib/i18n";
import { useFilterOptions } from "./api/use-filter-options";
import { CampaignRow } from "./components/campaign-row";
import { FilterGroupSection } from "./components/filter-group-section";
import { FilterRow } from "./components/filter-row";
import { addBlocked, applyBlocked, type BuilderAction, reduceBuilder } from "./model/builder-state";
import { completeFilters, matchOf, type RowRef, rowErrors } from "./model/filter-tree";
import { pruneStaleValues } from "./model/stale-values";

export { completeFilters };

export interface FilterBuilderProps {
  /** The draft tree, incomplete rows included. */
  value: SegmentFilters;
  onChange(next: SegmentFilters): void;
  /** Server errors keyed `group.index.part` (422 `errors`), shown under the matching row. */
  errors?: Record<string, string[]>;
  /** Apply: called with the tree minus incomplete rows (and onChange with the same). Omit to hide the button. */
  onApply?(complete: SegmentFilters): void;
  disabled?: boolean;
}

/**
 * The segment filter builder: four groups of rows driven by the contract's field tables, with
 * the contract's completeness rule deciding what Apply sends and when Add and Apply are allowed.
 */
export function FilterBuilder({ value, onChange, errors, onApply, disabled }: FilterBuilderProps) {
  const t = useT();
  const options = useFilterOptions();
  // The row the person touched last: only its incompleteness holds Apply back.
  const [last, setLast] = useState<RowRef | null>(null);

  // A deleted source, list, campaign or attribute leaves the selection as soon as the options show it gone.
  useEffect(() => {
    const pruned = pruneStaleValues(value, options.known);
    if (pruned !== value) onChange(pruned);
  }, [value, options.known, onChange]);

  const state = { tree: value, last };
  const run = (action: BuilderAction) => {
    const next = reduceBuilder(state, action);
    onChange(next.tree);
    setLast(next.last);
    return next.tree;
  };
  const apply = () => onApply?.(run({ type: "apply" }));
  const blockedAdd = addBlocked(state);
  const blockedApply = applyBlocked(state);

  return (
    <Stack spacing={1.5}>
      {FilterGroups.map((group, g) => (
        <Fragment key={group}>
          {g > 0 && <Divider />}
          <FilterGroupSection
            group={group}
            rowCount={value[group].length}
            match={matchOf(value, group)}
            onMatch={(match) => run({ type: "match", group, match })}
            onAdd={() => run({ type: "add", group })}
            addBlocked={blockedAdd}
            disabled={disabled}
          >
            {value[group].map((row, index) => {
              const ref = { group, index };
              const common = {
                options,
                errors: rowErrors(errors, ref),
                onChange: (next: SegmentFilter) => run({ type: "edit", ref, row: next }),
                onRemove: () => run({ type: "remove", ref }),
                disabled,
              };
              return group === "campaigns" ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; a row's place is its identity (errors are keyed by it too)
                <CampaignRow key={index} row={row} index={index} {...common} />
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <FilterRow key={index} group={group} rows={value[group]} index={index} {...common} />
              );
            })}
          </FilterGroupSection>
        </Fragment>
      ))}
      {onApply && (
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 1.5, flexWrap: "wrap" }}>
          {blockedApply && !disabled && (
            <Typography variant="caption" color="text.secondary">
              {t("filterBuilder.applyBlocked")}
            </Typography>
          )}
          <Button variant="outlined" size="small" onClick={apply} disabled={disabled || blockedApply}>
            {t("filterBuilder.apply")}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
