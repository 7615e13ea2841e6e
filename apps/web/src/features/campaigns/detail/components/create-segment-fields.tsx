import type { CreateCampaignSegment } from "@leadflow/contracts";
import { Box, Checkbox, Chip, ListItemText, MenuItem, TextField } from "@mui/material";
import { type Control, Controller } from "react-hook-form";
import { FormSelect } from "../../../../components/form/form-select";
import { FormSwitch } from "../../../../components/form/form-switch";
import { FormTextField } from "../../../../components/form/form-text-field";
import { useT } from "../../../../lib/i18n";
import { type ChipOption, type CreateSegmentValues, engagementOptions, statusOptions } from "../model/create-segment";

type FormControl = Control<CreateSegmentValues, unknown, CreateCampaignSegment>;

interface ChipSelectProps<V extends string> {
  name: "sms_status" | "engagement";
  control: FormControl;
  label: string;
  options: readonly ChipOption<V>[];
  disabled?: boolean;
}

/** A multi-select whose picks show as chips (each removable), kept in the options' order. */
function ChipSelect<V extends string>({ name, control, label, options, disabled }: ChipSelectProps<V>) {
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  const ordered = (picked: readonly string[]) => options.map((o) => o.value).filter((v) => picked.includes(v));
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const value = (field.value ?? []) as string[];
        return (
          <TextField
            select
            label={label}
            value={value}
            disabled={disabled}
            name={field.name}
            onBlur={field.onBlur}
            onChange={(e) => field.onChange(ordered(e.target.value as unknown as string[]))}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (picked) => (
                  <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                    {(picked as string[]).map((v) => (
                      <Chip
                        key={v}
                        size="small"
                        label={labelOf(v)}
                        disabled={disabled}
                        // The select would open on the press that removes a chip.
                        onMouseDown={(e) => e.stopPropagation()}
                        onDelete={() => field.onChange(value.filter((x) => x !== v))}
                      />
                    ))}
                  </Box>
                ),
              },
            }}
          >
            {options.map((o) => (
              <MenuItem key={o.value} value={o.value} dense>
                <Checkbox size="small" checked={value.includes(o.value)} sx={{ p: 0.5, mr: 1 }} />
                <ListItemText primary={o.label} />
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

export interface CreateSegmentFieldsProps {
  control: FormControl;
  audiences: readonly { id: number; name: string }[];
  /** The campaign's channel: only its statuses and engagements are offered. */
  channel: "sms" | "email";
  disabled?: boolean;
}

/** Audience, name, 'Update dynamically', the channel's statuses and engagement. */
export function CreateSegmentFields({ control, audiences, channel, disabled }: CreateSegmentFieldsProps) {
  const t = useT();
  return (
    <>
      <FormSelect
        name="audience_id"
        control={control}
        label={t("campaigns.detail.segment.audience")}
        options={audiences.map((a) => ({ value: a.id, label: a.name }))}
        required
        disabled={disabled}
      />
      <FormTextField
        name="name"
        control={control}
        label={t("campaigns.detail.segment.name")}
        required
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: 191, autoComplete: "off" } }}
      />
      <FormSwitch
        name="dynamic"
        control={control}
        label={t("campaigns.detail.segment.dynamic")}
        hint={t("campaigns.detail.segment.dynamicHint")}
        disabled={disabled}
      />
      <ChipSelect
        name="sms_status"
        control={control}
        label={t(channel === "email" ? "campaigns.detail.segment.emailStatus" : "campaigns.detail.segment.smsStatus")}
        options={statusOptions(channel)}
        disabled={disabled}
      />
      <ChipSelect
        name="engagement"
        control={control}
        label={t("campaigns.detail.segment.engagement")}
        options={engagementOptions(channel)}
        disabled={disabled}
      />
    </>
  );
}
