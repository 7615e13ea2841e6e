import type { Campaign, CampaignStep } from "@leadflow/contracts";
import { Stack, Typography } from "@mui/material";
import { tn, useT } from "../../../../lib/i18n";
import { formatUnitCost, plainText, smsCost } from "../model/sms-preview";

type Saved = Omit<CampaignStep, "steps">;

const clamp = (lines: number) => ({
  display: "-webkit-box",
  WebkitLineClamp: lines,
  WebkitBoxOrient: "vertical" as const,
  overflow: "hidden",
  overflowWrap: "anywhere" as const,
  whiteSpace: "pre-line" as const,
});

/** One line under a preview: an SMS's parts, encoding and cost; an email's price. */
function Meta({ step, partPrice }: { step: Saved; partPrice: number | null }) {
  const t = useT();
  if (step.type === "email")
    return (
      <Typography variant="caption" color="text.secondary">
        {partPrice === null ? t("campaigns.steps.noPrice") : t("campaigns.steps.emailMeta", { price: formatUnitCost(partPrice) })}
      </Typography>
    );
  const sms = step.sms;
  if (!sms || sms.parts === 0) return null;
  const cost = smsCost(sms.parts, partPrice);
  const upTo = (value: string) => (sms.exact === false ? t("campaigns.steps.upTo", { value }) : value);
  const vars = { parts: upTo(tn("campaigns.steps.parts", sms.parts)), encoding: sms.encoding, cost: upTo(formatUnitCost(cost)) };
  return (
    <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: "tabular-nums" }}>
      {t(cost === null ? "campaigns.steps.smsMetaNoPrice" : "campaigns.steps.smsMeta", vars)}
    </Typography>
  );
}

/** A step's (or part's) message as a card shows it: a few lines of it, then its parts and cost. */
export function StepPreview({ step, campaign, lines = 3 }: { step: Saved; campaign: Pick<Campaign, "part_price">; lines?: number }) {
  const t = useT();
  const body = step.type === "email" ? plainText(step.message) : step.message.trim();
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      {step.type === "email" && (
        <Typography variant="body2" sx={{ fontWeight: 600, ...clamp(1) }} color={step.subject ? "text.primary" : "text.secondary"}>
          {step.subject || t("campaigns.steps.noSubject")}
        </Typography>
      )}
      <Typography
        variant="body2"
        color={body ? "text.primary" : "text.secondary"}
        sx={{ ...clamp(lines), fontStyle: body ? undefined : "italic" }}
      >
        {body || t("campaigns.steps.noMessage")}
      </Typography>
      <Meta step={step} partPrice={campaign.part_price} />
    </Stack>
  );
}
