import { Box, Stack, Tooltip, Typography, useMediaQuery, useTheme } from "@mui/material";
import type { ReactNode } from "react";
import { useClaimContextMenuSlot, useContextMenuItems } from "../context-menu/context-menu";
import { ContextMenuToolbar } from "../context-menu/context-menu-view";

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
  /** Show the screen's context menu (desktop) right of the title. Default true. */
  contextMenu?: boolean;
}

const formatCount = (v: number | string) => (typeof v === "number" ? v.toLocaleString("en-US") : v);

export function PageHeader({ title, subtitle, counts, actions, children, contextMenu = true }: PageHeaderProps) {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up("md"));
  const showMenu = contextMenu && desktop;
  useClaimContextMenuSlot(showMenu);
  const hasMenuItems = useContextMenuItems().length > 0;
  return (
    <Box component="header" sx={{ mb: 3 }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ alignItems: { xs: "stretch", sm: "flex-start" }, justifyContent: "space-between" }}
      >
        <Box sx={{ minWidth: 0, flex: "1 1 auto" }}>
          {/* A long name keeps to one line beside the actions (two on a phone); the tooltip has all of it. */}
          <Tooltip title={typeof title === "string" ? title : ""} placement="bottom-start" enterDelay={500}>
            <Typography
              variant="h4"
              component="h1"
              sx={{
                display: "-webkit-box",
                WebkitBoxOrient: "vertical",
                WebkitLineClamp: { xs: 2, sm: 1 },
                overflow: "hidden",
                wordBreak: "break-word",
              }}
            >
              {title}
            </Typography>
          </Tooltip>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {(actions || (showMenu && hasMenuItems)) && (
          <Stack
            direction="row"
            sx={{ flex: "0 0 auto", maxWidth: { sm: "60%" }, flexWrap: "wrap", gap: 1, justifyContent: "flex-end", alignItems: "center" }}
          >
            {showMenu && <ContextMenuToolbar />}
            {actions}
          </Stack>
        )}
      </Stack>
      {counts && counts.length > 0 && (
        <Box
          sx={{
            mt: 2,
            display: "grid",
            gap: 1.5,
            gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: `repeat(${Math.min(counts.length, 6)}, minmax(0, 180px))` },
          }}
        >
          {counts.map((c) => (
            <Box key={c.label} sx={{ px: 2, py: 1.5, borderRadius: 2, border: 1, borderColor: "divider", bgcolor: "background.paper" }}>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: "block", textTransform: "uppercase", letterSpacing: 0.4, fontWeight: 600 }}
              >
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
