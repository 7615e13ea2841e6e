import type { GatewaySender, SenderColumn, SenderGroup } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import RemoveIcon from "@mui/icons-material/Close";
import { Box, Button, FormHelperText, IconButton, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useT } from "../../../lib/i18n";

export interface SenderRowsEditorProps {
  group: SenderGroup;
  rows: GatewaySender[];
  onChange: (rows: GatewaySender[]) => void;
  error?: string;
  disabled?: boolean;
}

/** `toll_free` → "Toll free". */
const optionLabel = (o: string) => o.charAt(0).toUpperCase() + o.slice(1).replace(/_/g, " ");

function Cell({
  column,
  value,
  onChange,
  disabled,
}: {
  column: SenderColumn;
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
}) {
  const common = {
    size: "small" as const,
    label: column.label,
    value,
    disabled,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
    sx: { flex: 1, minWidth: 0 },
  };
  if (column.options) {
    return (
      <TextField select {...common}>
        <MenuItem value="">—</MenuItem>
        {column.options.map((o) => (
          <MenuItem key={o} value={o}>
            {optionLabel(o)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  // A row credential (gateway9's account key) comes back masked; sending the mask keeps the saved key.
  return (
    <TextField
      {...common}
      type={column.secret ? "password" : "text"}
      slotProps={{ htmlInput: { autoComplete: column.secret ? "new-password" : "off" } }}
    />
  );
}

/** Add/remove rows of one sender group (numbers, pools, DIDs, accounts…), its columns from the contracts' table. */
export function SenderRowsEditor({ group, rows, onChange, error, disabled }: SenderRowsEditorProps) {
  const t = useT();
  const set = (index: number, key: SenderColumn["key"], value: string) =>
    onChange(rows.map((r, i) => (i === index ? { ...r, [key]: value } : r)));
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {group.label}
      </Typography>
      <Stack spacing={1}>
        {rows.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t("integrations.noRows")}
          </Typography>
        )}
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved; order is the identity
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: "center" }}>
            {group.columns.map((c) => (
              <Cell key={c.key} column={c} value={row[c.key] ?? ""} onChange={(v) => set(index, c.key, v)} disabled={disabled} />
            ))}
            <IconButton
              size="small"
              disabled={disabled}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
              aria-label={t("integrations.removeRow", { index: index + 1 })}
            >
              <RemoveIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Button size="small" startIcon={<AddIcon />} disabled={disabled} onClick={() => onChange([...rows, {}])} sx={{ mt: 0.5 }}>
        {group.addLabel}
      </Button>
    </Box>
  );
}
