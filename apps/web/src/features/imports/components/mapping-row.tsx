import { ConsentFields, type LeadAttribute } from "@leadflow/contracts";
import { Box, ListSubheader, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useT } from "../../../lib/i18n";
import { choiceFromValue, choiceValue, existingByName, type MappingChoice, type MappingRow as Row } from "../model/mapping";

export interface MappingRowProps {
  row: Row;
  attributes: readonly LeadAttribute[];
  onChange: (choice: MappingChoice) => void;
  nameError?: boolean;
  /** Another column already gives this consent value. */
  consentTwice?: boolean;
  disabled?: boolean;
}

/** One heading of the file: its sample value and what it becomes. */
export function MappingRow({ row, attributes, onChange, nameError, consentTwice, disabled }: MappingRowProps) {
  const t = useT();
  const { choice } = row;
  const reused = choice.kind === "new" && choice.name.trim() ? existingByName(choice.name, attributes) : undefined;
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "minmax(0, 1fr) minmax(0, 1.2fr)" },
        gap: { xs: 1, sm: 2 },
        alignItems: "start",
        py: 1.5,
      }}
    >
      <Box sx={{ minWidth: 0, pt: { sm: 0.5 } }}>
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: "break-word" }}>
          {row.heading}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{
            display: "block",
            overflow: "hidden",
            textOverflow: "ellipsis",
            whiteSpace: "nowrap",
            fontStyle: row.sample ? undefined : "italic",
          }}
          title={row.sample}
        >
          {row.sample || t("imports.noSample")}
        </Typography>
      </Box>
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <TextField
          select
          label={t("imports.field")}
          value={choiceValue(choice)}
          disabled={disabled}
          onChange={(e) => onChange(choiceFromValue(e.target.value, row))}
          error={consentTwice}
          helperText={choice.kind === "consent" ? t(consentTwice ? "imports.consentTwice" : "imports.consentHelp") : undefined}
          slotProps={{
            select: { SelectDisplayProps: { "aria-label": t("imports.fieldFor", { heading: row.heading }), "aria-labelledby": undefined } },
          }}
        >
          <MenuItem value="ignore">{t("imports.ignore")}</MenuItem>
          <MenuItem value="new">{t("imports.new")}</MenuItem>
          <ListSubheader sx={{ lineHeight: 2.5 }}>{t("imports.attributesGroup")}</ListSubheader>
          {attributes.map((a) => (
            <MenuItem key={a.id} value={`a:${a.id}`}>
              <Box component="span" sx={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis" }}>
                {a.name}
              </Box>
              {a.type !== "string" && (
                <Typography component="span" variant="caption" color="primary" sx={{ ml: 1, fontWeight: 600 }}>
                  {t(`imports.type.${a.type}`)}
                </Typography>
              )}
            </MenuItem>
          ))}
          <ListSubheader sx={{ lineHeight: 2.5 }}>{t("imports.consentGroup")}</ListSubheader>
          {ConsentFields.map((f) => (
            <MenuItem key={f} value={`c:${f}`}>
              {t(`imports.consent.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        {choice.kind === "new" && (
          <TextField
            label={t("imports.newName")}
            value={choice.name}
            disabled={disabled}
            required
            error={nameError && !choice.name.trim()}
            helperText={
              nameError && !choice.name.trim()
                ? t("imports.nameRequired")
                : reused
                  ? t("imports.existingReused", { name: reused.name })
                  : undefined
            }
            onChange={(e) => onChange({ ...choice, name: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 100, autoComplete: "off" } }}
          />
        )}
      </Stack>
    </Box>
  );
}
