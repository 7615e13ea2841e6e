import type { Campaign, CampaignStep } from "@leadflow/contracts";
import { Box, CardActionArea, Paper, Stack, Typography } from "@mui/material";
import { tn, useT } from "../../../../lib/i18n";
import { partLetter } from "../model/step-form";
import { StepPreview } from "./step-preview";
import { TestButton } from "./test-button";

type Saved = Omit<CampaignStep, "steps">;

/** A split's parts as small cards: Part A, Part B …, each with its own preview, cost and test. */
export function SplitParts({
  step,
  campaign,
  onEdit,
  onTest,
}: {
  step: CampaignStep;
  campaign: Campaign;
  onEdit: (part: number) => void;
  onTest: (part: Saved) => void;
}) {
  const t = useT();
  return (
    <Stack spacing={1} sx={{ px: 2, pb: 2 }}>
      <Typography variant="caption" color="text.secondary">
        {t("campaigns.steps.splitParts", { parts: tn("campaigns.steps.parts", step.steps.length) })}
      </Typography>
      {step.steps.map((part, i) => {
        const letter = partLetter(i);
        return (
          <Paper key={part.id} variant="outlined" sx={{ bgcolor: "action.hover", overflow: "hidden" }}>
            <CardActionArea
              onClick={() => onEdit(i)}
              aria-label={t("campaigns.steps.openStep", { name: t("campaigns.steps.part", { letter }) })}
              sx={{ px: 1.5, pt: 1, pb: 0.5 }}
            >
              <Typography variant="overline" component="div" sx={{ lineHeight: 1.6 }}>
                {t("campaigns.steps.part", { letter })}
              </Typography>
              <StepPreview step={part} campaign={campaign} lines={2} />
            </CardActionArea>
            <Box sx={{ display: "flex", justifyContent: "flex-end", px: 0.5, pb: 0.25 }}>
              <TestButton step={part} campaign={campaign} onTest={onTest} />
            </Box>
          </Paper>
        );
      })}
    </Stack>
  );
}
