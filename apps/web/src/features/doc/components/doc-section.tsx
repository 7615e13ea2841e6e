import { Paper, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

export function DocSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}
