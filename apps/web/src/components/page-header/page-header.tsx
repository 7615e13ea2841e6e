import { Box, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

export interface PageHeaderCount {
  label: string;
  value: number | string;
}

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  counts?: PageHeaderCount[];
  actions?: ReactNode;
  children?: ReactNode;
}

const formatCount = (v: number | string) => (typeof v === "number" ? v.toLocaleString("en-US") : v);

export function PageHeader({ title, subtitle, counts, actions, children }: PageHeaderProps) {
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { xs: "stretch", sm: "flex-start" }, justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ wordBreak: "break-word" }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Stack direction="row" spacing={1} sx={{ flexShrink: 0, flexWrap: "wrap", gap: 1 }}>{actions}</Stack>}
      </Stack>
      {counts && counts.length > 0 && (
        <Box
          sx={{
            mt: 2,
            display: "grid",
            gap: 1.5,
            gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: `repeat(${Math.min(counts.length, 4)}, minmax(0, 180px))` },
          }}
        >
          {counts.map((c) => (
            <Box key={c.label} sx={{ px: 2, py: 1.5, borderRadius: 2, border: 1, borderColor: "divider", bgcolor: "background.paper" }}>
              <Typography variant="caption" color="text.secondary" sx={{ display: "block", textTransform: "uppercase", letterSpacing: 0.4, fontWeight: 600 }}>
                {c.label}
              </Typography>
              <Typography variant="h6" component="p" sx={{ fontVariantNumeric: "tabular-nums" }}>
                {formatCount(c.value)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
      {children && <Box sx={{ mt: 2 }}>{children}</Box>}
    </Box>
  );
}
