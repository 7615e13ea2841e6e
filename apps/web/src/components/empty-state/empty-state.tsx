import { Box, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** The one "nothing here yet" block: an icon, a title, a line of help and an optional action. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  bare = false,
}: {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  bare?: boolean;
}) {
  const body = (
    <Box sx={{ textAlign: "center", py: { xs: 5, md: 8 }, px: 3, maxWidth: 520, mx: "auto" }}>
      {icon && (
        <Box
          sx={{
            width: 64,
            height: 64,
            borderRadius: "50%",
            mx: "auto",
            mb: 2,
            display: "grid",
            placeItems: "center",
            bgcolor: "rgba(67,83,224,0.08)",
            color: "primary.main",
            "& svg": { fontSize: 32 },
          }}
        >
          {icon}
        </Box>
      )}
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {text && (
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      )}
      {action && <Box sx={{ mt: 3 }}>{action}</Box>}
    </Box>
  );
  return bare ? body : <Paper variant="outlined">{body}</Paper>;
}
