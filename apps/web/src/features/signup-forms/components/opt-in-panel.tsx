import { Box } from "@mui/material";
import { GrowthChart } from "./growth-chart";
import { SignupFormCard } from "./signup-form-card";

/** The list page's opt-in growth: its sign-up form beside its subscriber growth (stacked on a phone). */
export function OptInPanel({ listId }: { listId: number }) {
  return (
    <Box sx={{ display: "grid", gap: 2, mb: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 2fr) minmax(0, 3fr)" } }}>
      <SignupFormCard listId={listId} />
      <GrowthChart listId={listId} />
    </Box>
  );
}
