import { Box, Typography } from "@mui/material";

/** A part of a dialog: its name and a line on what it is for. */
export function SectionHeading({ title, hint }: { title: string; hint?: string }) {
  return (
    <Box>
      <Typography variant="subtitle2">{title}</Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="p">
          {hint}
        </Typography>
      )}
    </Box>
  );
}
