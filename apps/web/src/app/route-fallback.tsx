import { Box, LinearProgress } from "@mui/material";

/** Shown while a screen's code chunk loads. */
export function RouteFallback() {
  return (
    <Box sx={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: 2000 }}>
      <LinearProgress sx={{ borderRadius: 0, height: 3 }} />
    </Box>
  );
}
