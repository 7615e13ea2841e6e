import { Paper, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** A titled block of the lead page. */
export function LeadCard({ title, actions, children, id }: { title: ReactNode; actions?: ReactNode; children: ReactNode; id?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ mb: 1.5, gap: 1, alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}
