import CloseIcon from "@mui/icons-material/Close";
import { Box, FormHelperText, IconButton, type SxProps, type Theme } from "@mui/material";
import type { ReactNode } from "react";
import { useT } from "../../../../lib/i18n";

export interface RowFrameProps {
  /** The row's accessible name ("Data filter 2"). */
  label: string;
  children: ReactNode;
  /**
   * The grid of the row's controls from the `sm` and `md` breakpoints; below `sm` they stack (a 390 px screen).
   * Filled densely, so a control that spans the row does not leave a hole before it.
   */
  columns: { sm: string; md: string };
  /** The server's messages for this row (422 `group.index.*`). */
  errors: readonly string[];
  onRemove: () => void;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/** One filter row: its controls, a remove button, and the server's errors under it. */
export function RowFrame({ label, children, columns, errors, onRemove, disabled, sx }: RowFrameProps) {
  const t = useT();
  return (
    <Box role="group" aria-label={label} sx={sx}>
      <Box sx={{ display: "flex", gap: 0.5, alignItems: "flex-start" }}>
        <Box
          sx={{
            flex: 1,
            minWidth: 0,
            display: "grid",
            gap: 1,
            gridAutoFlow: "row dense",
            gridTemplateColumns: { xs: "minmax(0, 1fr)", ...columns },
          }}
        >
          {children}
        </Box>
        <IconButton size="small" aria-label={t("filterBuilder.remove")} onClick={onRemove} disabled={disabled} sx={{ mt: 0.5 }}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      {errors.map((message) => (
        <FormHelperText key={message} error>
          {message}
        </FormHelperText>
      ))}
    </Box>
  );
}
