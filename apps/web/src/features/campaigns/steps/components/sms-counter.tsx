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

/**
 * The live SMS length counter under a message: characters, parts, encoding and cost, as charged — "up to" each when
 * tags or a link make them an upper bound (a lead's value, a fallback, a 10- or 11-character link code).
 */
export function SmsCounter({ message, partPrice, shortDomain }: SmsCounterProps) {
  const t = useT();
  const sms = readSms(message, partPrice, shortDomain);
  // Tags and links make the figures an upper bound: "up to" each of them.
  const upTo = (value: string) => (sms.exact ? value : t("campaigns.steps.upTo", { value }));
  const vars = {
    characters: upTo(sms.characters.toLocaleString("en-US")),
    parts: upTo(tn("campaigns.steps.parts", sms.parts)),
    encoding: sms.encoding,
    cost: upTo(formatUnitCost(sms.cost)),
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
