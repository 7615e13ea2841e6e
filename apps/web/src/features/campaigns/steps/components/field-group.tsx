import { Box, Stack } from "@mui/material";
import type { ReactNode } from "react";

/** A titled group of fields inside the editor. */
export function FieldGroup({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      {title && (
        <Box component="legend" sx={{ typography: "subtitle2", mb: 1.5, p: 0 }}>
          {title}
        </Box>
      )}
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}
