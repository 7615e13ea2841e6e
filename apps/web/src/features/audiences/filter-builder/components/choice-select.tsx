import { ListSubheader, MenuItem, TextField } from "@mui/material";

export interface Choice {
  value: string | number;
  label: string;
  disabled?: boolean;
  /** Choices of a named group follow its heading (the system fields' Consent). */
  group?: string;
}

export interface ChoiceSelectProps {
  label: string;
  value: string | number | undefined | null;
  choices: readonly Choice[];
  onChange: (value: string | number) => void;
  disabled?: boolean;
  /** The label for a current value the choices do not hold (an attribute still loading, a field since removed). */
  missingLabel?: (value: string | number) => string;
  /** A group's heading. */
  groupLabel?: (group: string) => string;
}

/** A compact single select over fixed choices; a value outside them still shows instead of a blank box. */
export function ChoiceSelect({ label, value, choices, onChange, disabled, missingLabel, groupLabel }: ChoiceSelectProps) {
  const current = value ?? "";
  const missing = current !== "" && !choices.some((c) => c.value === current);
  return (
    <TextField
      select
      label={label}
      value={current}
      onChange={(e) => {
        // MUI hands back the MenuItem value as it was given (a number for attribute ids).
        const picked = choices.find((c) => String(c.value) === String(e.target.value));
        if (picked) onChange(picked.value);
      }}
      disabled={disabled}
    >
      {missing && (
        <MenuItem value={current} disabled>
          {missingLabel ? missingLabel(current) : String(current)}
        </MenuItem>
      )}
      {choices.flatMap((c, i) => {
        const item = (
          <MenuItem key={c.value} value={c.value} disabled={c.disabled}>
            {c.label}
          </MenuItem>
        );
        if (!c.group || choices[i - 1]?.group === c.group) return [item];
        return [
          <ListSubheader key={`group-${c.group}`} sx={{ lineHeight: 2.5 }}>
            {groupLabel ? groupLabel(c.group) : c.group}
          </ListSubheader>,
          item,
        ];
      })}
    </TextField>
  );
}
