import { Stack, TextField } from "@mui/material";
import { useT } from "../../../../lib/i18n";

export interface NumberValuesProps {
  /** Two inputs (From, To) for between, else one. */
  count: 1 | 2;
  values: readonly (string | number)[];
  onChange: (values: (string | number)[]) => void;
  /** The single input's label (Value by default). */
  label?: string;
  /** Whole numbers from 1 (days). */
  integer?: boolean;
  disabled?: boolean;
}

/** Numbers by position; an emptied input stays as "" so the row reads incomplete instead of shifting bounds. */
export function NumberValues({ count, values, onChange, label, integer, disabled }: NumberValuesProps) {
  const t = useT();
  const labels = count === 2 ? [t("filterBuilder.min"), t("filterBuilder.max")] : [label ?? t("filterBuilder.value")];
  const set = (i: number, raw: string) => {
    const next = Array.from({ length: count }, (_v, k) => values[k] ?? "");
    next[i] = raw === "" ? "" : Number(raw);
    onChange(next);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ width: 1 }}>
      {labels.map((l, i) => (
        <TextField
          key={l}
          type="number"
          label={l}
          value={values[i] ?? ""}
          onChange={(e) => set(i, e.target.value)}
          disabled={disabled}
          slotProps={{ htmlInput: integer ? { min: 1, step: 1 } : { step: "any" } }}
        />
      ))}
    </Stack>
  );
}
