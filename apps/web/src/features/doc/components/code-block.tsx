import ContentCopyIcon from "@mui/icons-material/ContentCopyOutlined";
import { Box, Button, Stack, Typography } from "@mui/material";

export interface CodeBlockProps {
  title: string;
  code: string;
  copyLabel: string;
  /** When the button's text alone would not say what it copies. */
  copyAriaLabel?: string;
  onCopy: () => void;
}

/** A titled block of code with a copy button; long lines scroll inside the block, not the page. */
export function CodeBlock({ title, code, copyLabel, copyAriaLabel, onCopy }: CodeBlockProps) {
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 0.75, gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopyIcon />}
          onClick={onCopy}
          aria-label={copyAriaLabel}
          sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
        >
          {copyLabel}
        </Button>
      </Stack>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: { xs: 1.5, sm: 2 },
          borderRadius: 1.5,
          bgcolor: "#0f172a",
          color: "#e2e8f0",
          fontFamily: "monospace",
          fontSize: { xs: "0.75rem", sm: "0.8125rem" },
          lineHeight: 1.6,
          overflowX: "auto",
          maxHeight: 600,
        }}
      >
        <code>{code}</code>
      </Box>
    </Box>
  );
}
