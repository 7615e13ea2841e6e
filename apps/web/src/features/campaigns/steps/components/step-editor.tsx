import { type Campaign, CampaignChannel, type CampaignStep } from "@leadflow/contracts";
import { useId, useMemo, useRef, useState } from "react";
import { type FormSession, FormSessionContext } from "../../../../components/form/form-session";
import { useLastOpenValue } from "../../../../components/form/use-last-open-value";
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

/** Counts openings during render, so each opening starts a fresh form without an effect. */
function useOpening(open: boolean): number {
  const [seen, setSeen] = useState({ open, count: open ? 1 : 0 });
  if (seen.open === open) return seen.count;
  const count = open ? seen.count + 1 : seen.count;
  setSeen({ open, count });
  return count;
}

/**
 * The step editor side panel (spec 3 §3): a fresh form per opening and per step, which keeps showing the step it was
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
