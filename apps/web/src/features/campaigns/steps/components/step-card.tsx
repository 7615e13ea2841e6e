import { type Campaign, type CampaignStep, StepStatusLabels } from "@leadflow/contracts";
import CallSplitIcon from "@mui/icons-material/CallSplit";
import EmailOutlinedIcon from "@mui/icons-material/EmailOutlined";
import SmsOutlinedIcon from "@mui/icons-material/SmsOutlined";
import { Alert, Avatar, Box, Card, CardActionArea, Chip, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { useT } from "../../../../lib/i18n";
import { SplitParts } from "./split-parts";
import { StepMenu } from "./step-menu";
import { StepPreview } from "./step-preview";
import { TestButton } from "./test-button";

type Saved = Omit<CampaignStep, "steps">;

export interface StepCardProps {
  step: CampaignStep;
  /** 1-based, as the column lists them. */
  number: number;
  campaign: Campaign;
  /** Opens the editor; a split's part click names the part. */
  onEdit: (step: CampaignStep, part?: number) => void;
  onTest: (step: Saved) => void;
  onCopy: (step: CampaignStep) => void;
  onDelete: (step: CampaignStep) => void;
  /** This step is being copied. */
  copying?: boolean;
}

const icons: Record<string, ReactNode> = {
  sms: <SmsOutlinedIcon fontSize="small" />,
  email: <EmailOutlinedIcon fontSize="small" />,
  split: <CallSplitIcon fontSize="small" />,
};

/**
 * One step of the column: its type, name and delay, a preview of its message with the SMS parts and cost,
 * and its actions. A split lists its parts, each opening the split's editor on that part.
 */
export function StepCard({ step, number, campaign, onEdit, onTest, onCopy, onDelete, copying }: StepCardProps) {
  const t = useT();
  const draft = campaign.status === "draft";
  const delay = step.delay === 0 ? t("campaigns.steps.noDelay") : t("campaigns.steps.after", { delay: step.delay_label });
  const known = step.type === "sms" || step.type === "email" || step.type === "split";
  return (
    <Card variant="outlined" component="article" aria-label={step.name}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", pl: 2, pr: 1, pt: 1.5, pb: 1 }}>
        <Avatar variant="rounded" sx={{ width: 32, height: 32, bgcolor: "rgba(67,83,224,0.08)", color: "primary.main" }}>
          {icons[step.type] ?? "?"}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            {t("campaigns.steps.number", { n: number })} · {step.type_label} · {delay}
          </Typography>
          <Typography variant="subtitle2" component="h3" noWrap title={step.name}>
            {step.name}
          </Typography>
        </Box>
        {step.status !== "pending" && (
          <Chip
            size="small"
            variant="outlined"
            color={step.status === "sending" ? "primary" : "default"}
            label={step.status_label || StepStatusLabels[step.status]}
          />
        )}
        <StepMenu
          step={step}
          draft={draft}
          busy={copying}
          onEdit={() => onEdit(step)}
          onCopy={() => onCopy(step)}
          onDelete={() => onDelete(step)}
        />
      </Stack>
      {!known && (
        <Alert severity="error" sx={{ mx: 2, mb: 2 }}>
          {t("campaigns.steps.unknownType")}
        </Alert>
      )}
      {(step.type === "sms" || step.type === "email") && (
        <>
          <CardActionArea
            onClick={() => onEdit(step)}
            aria-label={t("campaigns.steps.openStep", { name: step.name })}
            sx={{ px: 2, py: 1 }}
          >
            <StepPreview step={step} campaign={campaign} />
          </CardActionArea>
          <Stack direction="row" sx={{ justifyContent: "flex-end", px: 1, pb: 0.5 }}>
            <TestButton step={step} campaign={campaign} onTest={onTest} />
          </Stack>
        </>
      )}
      {step.type === "split" && <SplitParts step={step} campaign={campaign} onEdit={(part) => onEdit(step, part)} onTest={onTest} />}
    </Card>
  );
}
