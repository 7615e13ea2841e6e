import AddIcon from "@mui/icons-material/Add";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import { Box, IconButton, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { type MessageKey, useT } from "../../../lib/i18n";
import { appendBlankAttribute, attributeTypes, type JsonProblem, type ParsedAttributes } from "../model/lead-json";

export interface LeadJsonEditorProps {
  value: string;
  onChange: (text: string) => void;
  parsed: ParsedAttributes;
  disabled?: boolean;
}

const problemText = (t: (k: MessageKey, v?: Record<string, string>) => string, p: JsonProblem) =>
  p.kind === "syntax" ? t("importTest.problem.syntax", { detail: p.detail }) : t(`importTest.problem.${p.kind}`);

/** A monospace JSON field checked as you type; '+' appends a blank attribute while the text is an array. */
export function LeadJsonEditor({ value, onChange, parsed, disabled }: LeadJsonEditorProps) {
  const t = useT();
  const appended = appendBlankAttribute(value);
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1, gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="label" htmlFor="lead-attributes">
            {t("importTest.attributes")}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {t("importTest.attributesHint", { types: attributeTypes.join(", ") })}
          </Typography>
        </Box>
        <Tooltip title={t("importTest.addAttribute")}>
          <span>
            <IconButton
              color="primary"
              onClick={() => appended && onChange(appended)}
              disabled={disabled || appended === null}
              aria-label={t("importTest.addAttribute")}
              sx={{ border: 1, borderColor: "divider" }}
            >
              <AddIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <TextField
        id="lead-attributes"
        multiline
        fullWidth
        minRows={10}
        maxRows={28}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        error={!parsed.ok}
        helperText={
          parsed.ok ? (
            <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, color: "success.main" }}>
              <CheckCircleOutlineIcon sx={{ fontSize: 16 }} />
              {t("importTest.valid")}
            </Box>
          ) : (
            problemText(t, parsed.problem)
          )
        }
        slotProps={{
          htmlInput: { spellCheck: false, autoCapitalize: "off", autoCorrect: "off", "aria-label": t("importTest.attributes") },
          input: { sx: { fontFamily: "monospace", fontSize: "0.8125rem", lineHeight: 1.6, alignItems: "flex-start" } },
          formHelperText: { sx: { mx: 0, wordBreak: "break-word" } },
        }}
      />
    </Box>
  );
}
