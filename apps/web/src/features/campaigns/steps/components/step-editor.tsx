import { type Campaign, CampaignChannel, type CampaignStep } from "@leadflow/contracts";
import { useId, useMemo, useRef } from "react";
import { type FormSession, FormSessionContext } from "../../../../components/form/form-session";
import { useLastOpenValue } from "../../../../components/form/use-last-open-value";
import { useOpening } from "../../../../components/form/use-opening";
import { StepEditorForm } from "./step-editor-form";

export interface StepEditorProps {
  open: boolean;
  campaign: Campaign;
  /** The step to edit; none adds one. */
  step?: CampaignStep;
  /** A split's part to show first. */
  part?: number;
  onClose: () => void;
}

/**
 * The step editor side panel: a fresh form per opening and per step, which keeps showing the step it was
 * opened with while the panel slides away.
 */
export function StepEditor({ open, campaign, step, part, onClose }: StepEditorProps) {
  const shown = useLastOpenValue(open, { step, part });
  const opening = useOpening(open);
  const titleId = useId();
  const busy = useRef(false);
  const session = useMemo<FormSession>(() => ({ close: onClose, titleId, busy }), [onClose, titleId]);
  const channel = CampaignChannel[campaign.type];
  return (
    <FormSessionContext.Provider value={session}>
      <StepEditorForm
        key={`${opening}:${shown.step?.id ?? "new"}`}
        open={open}
        campaign={campaign}
        channel={channel}
        step={shown.step}
        part={shown.part}
        onClose={onClose}
      />
    </FormSessionContext.Provider>
  );
}
