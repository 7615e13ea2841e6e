import { Stack, TextField } from "@mui/material";
import { dayOf } from "../model/filter-values";

export interface DateInputsProps {
  inputs: readonly { label: string; value: unknown }[];
  /** The picked day (YYYY-MM-DD) of input `index`, or "" when cleared; the caller clamps it. */
  onChange: (index: number, day: string) => void;
  disabled?: boolean;
}

/** One or two browser date inputs side by side (no picker dependency); they show the day of a stored date-time. */
export function DateInputs({ inputs, onChange, disabled }: DateInputsProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ width: 1 }}>
      {inputs.map((input, i) => (
        <TextField
          key={input.label}
          type="date"
          label={input.label}
          value={dayOf(input.value)}
          onChange={(e) => onChange(i, e.target.value)}
          disabled={disabled}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </Stack>
  );
}
