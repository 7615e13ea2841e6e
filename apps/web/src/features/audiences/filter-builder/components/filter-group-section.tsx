import { type FilterGroup, FilterGroupLabels, type GroupMatch } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useT } from "../../../../lib/i18n";

export interface FilterGroupSectionProps {
  group: FilterGroup;
  rowCount: number;
  match: GroupMatch;
  onMatch: (match: GroupMatch) => void;
  onAdd: () => void;
  /** Every Add waits until all rows of the tree are complete (docs/product/audiences-lookups-settings.md). */
  addBlocked: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** One group of the tree: its title, the All/Any toggle once it has two rows, its rows and its Add button. */
export function FilterGroupSection({ group, rowCount, match, onMatch, onAdd, addBlocked, disabled, children }: FilterGroupSectionProps) {
  const t = useT();
  const label = FilterGroupLabels[group];
  const add = (
    <Button size="small" startIcon={<AddIcon />} onClick={onAdd} disabled={disabled || addBlocked}>
      {t(`filterBuilder.add.${group}`)}
    </Button>
  );
  return (
    <Box component="section" aria-label={label}>
      <Stack direction="row" sx={{ alignItems: "center", minHeight: 32, mb: rowCount ? 1 : 0, gap: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {label}
        </Typography>
        {rowCount >= 2 && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={match}
            onChange={(_e, next: GroupMatch | null) => next && onMatch(next)}
            aria-label={t("filterBuilder.matchLabel", { group: label })}
            disabled={disabled}
          >
            <ToggleButton value="all" sx={{ py: 0.25, px: 1 }}>
              {t("filterBuilder.match.all")}
            </ToggleButton>
            <ToggleButton value="any" sx={{ py: 0.25, px: 1 }}>
              {t("filterBuilder.match.any")}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Stack>
      <Stack spacing={1.5}>{children}</Stack>
      <Box sx={{ mt: rowCount ? 1 : 0 }}>
        {addBlocked && !disabled ? (
          <Tooltip title={t("filterBuilder.addBlocked")}>
            <span>{add}</span>
          </Tooltip>
        ) : (
          add
        )}
      </Box>
    </Box>
  );
}
