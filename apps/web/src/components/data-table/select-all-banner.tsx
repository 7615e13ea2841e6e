import { Button, Collapse, Stack, Typography } from "@mui/material";
import { useRef } from "react";
import { useT } from "../../lib/i18n";

export interface SelectAllBannerProps {
  /** 'page': the whole page is ticked and more rows match; 'all': every matching row is selected. */
  mode: "page" | "all" | null;
  pageCount: number;
  selectedCount: number;
  total: number;
  /** Rows unticked since 'all matching' was chosen. */
  exceptions: number;
  countLabel: (count: number) => string;
  onSelectAll: () => void;
  onClear: () => void;
}

/** The strip under the toolbar that turns a ticked page into 'all N matching', and back. */
export function SelectAllBanner({
  mode,
  pageCount,
  selectedCount,
  total,
  exceptions,
  countLabel,
  onSelectAll,
  onClear,
}: SelectAllBannerProps) {
  const t = useT();
  // While it closes, the strip keeps saying what it said, not the other mode's text.
  const last = useRef(mode);
  if (mode) last.current = mode;
  const shown = mode ?? last.current;
  return (
    <Collapse in={!!mode} unmountOnExit>
      <Stack
        direction="row"
        role="status"
        sx={{
          px: { xs: 1.5, sm: 2 },
          py: 0.75,
          gap: 1,
          flexWrap: "wrap",
          alignItems: "center",
          justifyContent: "center",
          bgcolor: "rgba(67,83,224,0.06)",
          borderBottom: 1,
          borderColor: "divider",
        }}
      >
        <Typography variant="body2">
          {shown === "all"
            ? t(exceptions > 0 ? "table.matchingSelected" : "table.allMatchingSelected", { items: countLabel(selectedCount) })
            : t("table.pageSelected", { items: countLabel(pageCount) })}
        </Typography>
        {shown === "all" ? (
          <Button size="small" onClick={onClear}>
            {t("table.clearSelection")}
          </Button>
        ) : (
          <Button size="small" onClick={onSelectAll}>
            {t("table.selectAllMatching", { items: countLabel(total) })}
          </Button>
        )}
      </Stack>
    </Collapse>
  );
}
