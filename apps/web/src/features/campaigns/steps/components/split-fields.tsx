import { SplitPartLimits } from "@leadflow/contracts";
import { Box, Stack, Tab, Tabs, TextField } from "@mui/material";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useT } from "../../../../lib/i18n";
import { partLetter, resizeParts } from "../model/step-form";
import type { Channel } from "../model/tags";
import { EmailFields } from "./email-fields";
import { SmsFields } from "./sms-fields";
import type { ContentFieldsProps } from "./step-form-types";

export interface SplitFieldsProps extends Omit<ContentFieldsProps, "prefix"> {
  channel: Channel;
  /** The part to show first (a part's card was clicked). */
  initialPart?: number;
}

/**
 * A split step: Parts in Step (1–50) and one tab per part, each part a message of the campaign's
 * channel. Lowering the count drops the last parts; raising it adds blank ones. Only the open tab is drawn; the
 * others keep their values in the form.
 */
export function SplitFields({ form, channel, campaign, options, initialPart = 0, disabled, first }: SplitFieldsProps) {
  const t = useT();
  const { control, getValues, setValue, formState } = form;
  const parts = useWatch({ control, name: "parts" }) ?? [];
  const [count, setCount] = useState(String(parts.length));
  const [active, setActive] = useState(Math.min(initialPart, Math.max(parts.length - 1, 0)));
  const shown = Math.min(active, Math.max(parts.length - 1, 0));
  const partErrors = formState.errors.parts;
  const countError = partErrors?.message ?? partErrors?.root?.message;

  const resize = (text: string) => {
    setCount(text);
    const n = Number(text);
    if (!Number.isInteger(n) || n < SplitPartLimits.min || n > SplitPartLimits.max) return;
    setValue("parts", resizeParts(getValues("parts"), n), { shouldDirty: true });
  };
  const valid = Number.isInteger(Number(count)) && Number(count) >= SplitPartLimits.min && Number(count) <= SplitPartLimits.max;

  return (
    <Stack spacing={2}>
      <TextField
        label={t("campaigns.steps.split.count")}
        type="number"
        value={count}
        onChange={(e) => resize(e.target.value)}
        onBlur={() => setCount(String(getValues("parts").length))}
        disabled={disabled}
        error={!valid || !!countError}
        helperText={countError ?? t("campaigns.steps.split.countHint")}
        slotProps={{ htmlInput: { min: SplitPartLimits.min, max: SplitPartLimits.max, step: 1, inputMode: "numeric" } }}
        sx={{ maxWidth: 280 }}
      />
      <Box sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Tabs
          value={shown}
          onChange={(_, i: number) => setActive(i)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t("campaigns.steps.split.tabs")}
        >
          {parts.map((_, i) => {
            const label = t("campaigns.steps.part", { letter: partLetter(i) });
            const failed = !!partErrors?.[i];
            return (
              <Tab
                // biome-ignore lint/suspicious/noArrayIndexKey: a part is its position (Part A is the first)
                key={i}
                value={i}
                label={label}
                aria-label={failed ? t("campaigns.steps.split.partError", { part: label }) : undefined}
                sx={failed ? { color: "error.main", "&.Mui-selected": { color: "error.main" } } : undefined}
              />
            );
          })}
        </Tabs>
      </Box>
      {parts.length > 0 && (
        <Box key={shown} role="tabpanel" aria-label={t("campaigns.steps.part", { letter: partLetter(shown) })}>
          {channel === "sms" ? (
            <SmsFields form={form} prefix={`parts.${shown}.`} campaign={campaign} options={options} disabled={disabled} first={first} />
          ) : (
            <EmailFields form={form} prefix={`parts.${shown}.`} campaign={campaign} options={options} disabled={disabled} />
          )}
        </Box>
      )}
    </Stack>
  );
}
