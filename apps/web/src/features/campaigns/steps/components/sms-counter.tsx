import { Stack, Typography } from "@mui/material";
import { tn, useT } from "../../../../lib/i18n";
import { formatUnitCost, readSms } from "../model/sms-preview";

export interface SmsCounterProps {
  message: string;
  /** The campaign's price per SMS part; null: no sender yet, so no cost. */
  partPrice: number | null;
  /** The chosen short domain's host: it sizes `{{link}}` as the server does. */
  shortDomain?: string | null;
}

/** The live SMS length counter under a message: characters, parts, encoding and cost, as charged. */
export function SmsCounter({ message, partPrice, shortDomain }: SmsCounterProps) {
  const t = useT();
  const sms = readSms(message, partPrice, shortDomain);
  const vars = {
    characters: sms.characters.toLocaleString("en-US"),
    parts: tn("campaigns.steps.parts", sms.parts),
    encoding: sms.encoding,
    cost: formatUnitCost(sms.cost),
  };
  return (
    <Stack spacing={0.25}>
      <Typography
        variant="caption"
        color="text.secondary"
        aria-live="polite"
        data-testid="sms-counter"
        sx={{ fontVariantNumeric: "tabular-nums" }}
      >
        {t(sms.cost === null ? "campaigns.steps.counter" : "campaigns.steps.counterCost", vars)}
      </Typography>
      {sms.encoding === "UCS-2" && (
        <Typography variant="caption" color="warning.main">
          {t("campaigns.steps.counterUnicode", { chars: sms.nonGsmCharacters.slice(0, 5).join(" ") })}
        </Typography>
      )}
    </Stack>
  );
}
