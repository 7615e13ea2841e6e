import type { Campaign, CampaignStep } from "@leadflow/contracts";
import ForwardToInboxOutlinedIcon from "@mui/icons-material/ForwardToInboxOutlined";
import SendToMobileOutlinedIcon from "@mui/icons-material/SendToMobileOutlined";
import { Button, Tooltip } from "@mui/material";
import { useT } from "../../../../lib/i18n";
import { testAvailability } from "../model/test-send";

type Saved = Omit<CampaignStep, "steps">;

/** Test Sms / Test Email of a step or part; disabled with the reason while it cannot be tested. */
export function TestButton({
  step,
  campaign,
  label,
  onTest,
}: {
  step: Saved;
  campaign: Pick<Campaign, "status">;
  label?: string;
  onTest: (step: Saved) => void;
}) {
  const t = useT();
  const test = testAvailability(step, campaign.status);
  if (!test) return null;
  const text = label ?? t(test.kind === "sms" ? "campaigns.steps.testSms" : "campaigns.steps.testEmail");
  const button = (
    <Button
      size="small"
      variant="text"
      disabled={test.block !== null}
      onClick={() => onTest(step)}
      startIcon={test.kind === "sms" ? <SendToMobileOutlinedIcon fontSize="small" /> : <ForwardToInboxOutlinedIcon fontSize="small" />}
    >
      {text}
    </Button>
  );
  if (!test.block) return button;
  return (
    <Tooltip title={t(test.block === "draftOnly" ? "campaigns.steps.draftOnly" : "campaigns.steps.needsMessage")}>
      <span>{button}</span>
    </Tooltip>
  );
}
