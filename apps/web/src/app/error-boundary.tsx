import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import { Box, Button, Paper, Typography } from "@mui/material";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { t } from "../lib/i18n";

export function ErrorScreen({ error }: { error?: unknown }) {
  return (
    <Box sx={{ minHeight: "60vh", display: "grid", placeItems: "center", p: 3 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 460, textAlign: "center" }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 44, mb: 1 }} />
        <Typography variant="h6" gutterBottom>
          {t("errors.boundaryTitle")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t("errors.boundaryText")}
        </Typography>
        {import.meta.env.DEV && error instanceof Error && (
          <Typography component="pre" variant="caption" sx={{ textAlign: "left", whiteSpace: "pre-wrap", color: "error.main", mb: 2 }}>
            {error.message}
          </Typography>
        )}
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t("errors.reload")}
        </Button>
      </Paper>
    </Box>
  );
}

/** The top-level safety net; routes also have their own errorElement. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Unhandled UI error", error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
