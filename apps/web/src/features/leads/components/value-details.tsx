import { Box, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** Label/value pairs under a phone or an email; pairs without a value are left out. */
export function ValueDetails({ rows }: { rows: [label: string, value: ReactNode][] }) {
  const shown = rows.filter(([, v]) => v !== null && v !== undefined && v !== "");
  if (shown.length === 0) return null;
  return (
    <Box
      component="dl"
      sx={{ m: 0, mt: 0.5, display: "grid", gridTemplateColumns: "max-content minmax(0, 1fr)", columnGap: 1.5, rowGap: 0.25 }}
    >
      {shown.map(([label, value]) => (
        <Box key={label} sx={{ display: "contents" }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="caption" sx={{ m: 0, overflowWrap: "anywhere" }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** "a · b" of the parts that exist. */
export const joinParts = (...parts: (string | null | undefined)[]) => parts.filter((p) => p?.trim()).join(" · ");
