import AddIcon from "@mui/icons-material/Add";
import { Box, Button, Chip, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useT } from "../../../lib/i18n";
import { addValues } from "../model/phone-template";

export interface ChipsInputProps {
  values: string[];
  onChange: (values: string[]) => void;
  label: string;
  placeholder?: string;
  disabled?: boolean;
  /** Cleans a typed value before it is checked and added. */
  normalize?: (raw: string) => string;
  /** Refuses a typed value with a message, or accepts it with null. */
  validate?: (value: string) => string | null;
}

/** A list of short values: type and press Enter (or paste several separated by commas or spaces); chips remove. */
export function ChipsInput({ values, onChange, label, placeholder, disabled, normalize, validate }: ChipsInputProps) {
  const t = useT();
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    const result = addValues(values, draft, { normalize, validate });
    setError(result.error);
    if (result.values !== values) onChange(result.values);
    if (!result.error) setDraft("");
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextField
          label={label}
          placeholder={placeholder}
          value={draft}
          disabled={disabled}
          error={!!error}
          helperText={error ?? t("phoneFormat.inputHint")}
          onChange={(e) => {
            setDraft(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter" || e.key === ",") {
              e.preventDefault();
              commit();
            } else if (e.key === "Backspace" && !draft && values.length > 0) {
              onChange(values.slice(0, -1));
            }
          }}
          onPaste={(e) => {
            const text = e.clipboardData.getData("text");
            if (!/[,;\n]/.test(text.trim())) return;
            e.preventDefault();
            const result = addValues(values, `${draft}${text}`, { normalize, validate });
            setError(result.error);
            onChange(result.values);
            setDraft("");
          }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 64, autoComplete: "off" } }}
        />
        <Button
          variant="outlined"
          onClick={commit}
          disabled={disabled || !draft.trim()}
          startIcon={<AddIcon />}
          sx={{ flexShrink: 0, height: 40 }}
        >
          {t("phoneFormat.add")}
        </Button>
      </Stack>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }} aria-live="polite">
        {values.map((v) => (
          <Chip
            key={v}
            label={v}
            disabled={disabled}
            onDelete={() => onChange(values.filter((x) => x !== v))}
            sx={{ fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace" }}
          />
        ))}
      </Box>
    </Stack>
  );
}
