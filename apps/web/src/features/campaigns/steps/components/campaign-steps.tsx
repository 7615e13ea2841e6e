import type { Campaign, CampaignStep } from "@leadflow/contracts";
import AddIcon from "@mui/icons-material/Add";
import { Alert, Button, Skeleton, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useCallback, useState } from "react";
import { EmptyState } from "../../../../components/empty-state/empty-state";
import { errorMessage } from "../../../../lib/errors";
import { useT } from "../../../../lib/i18n";
import { campaignStepsQuery, useCopyStep } from "../../api/campaign-steps.api";
import { DeleteStepDialog } from "./delete-step-dialog";
import { StepCard } from "./step-card";
import { StepEditor } from "./step-editor";
import { TestEmailDialog } from "./test-email-dialog";
import { TestSmsDialog } from "./test-sms-dialog";

type Saved = Omit<CampaignStep, "steps">;
type Editing = { step?: CampaignStep; part?: number };

/**
 * The Campaign tab's steps column: Add Step while the campaign is a draft, one card per step, the step
 * editor side panel, the test dialogs and the delete confirmation. Fits a 400–520 px column and a phone.
 */
export function CampaignSteps({ campaign }: { campaign: Campaign }) {
  const t = useT();
  const { enqueueSnackbar } = useSnackbar();
  const query = useQuery(campaignStepsQuery(campaign.id));
  const copy = useCopyStep(campaign.id);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [testing, setTesting] = useState<Saved | null>(null);
  const [deleting, setDeleting] = useState<CampaignStep | null>(null);
  const draft = campaign.status === "draft";
  const closeEditor = useCallback(() => setEditing(null), []);
  const closeTest = useCallback(() => setTesting(null), []);

  const onCopy = (step: CampaignStep) =>
    copy.mutate(step.id, {
      onSuccess: (answer) => enqueueSnackbar(answer.message, { variant: "success" }),
      onError: (e) => enqueueSnackbar(errorMessage(e), { variant: "error" }),
    });

  const steps = query.data ?? [];
  return (
    <Stack spacing={2} component="section" aria-labelledby="campaign-steps-title" sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between" }}>
        <Typography id="campaign-steps-title" variant="h6" component="h2">
          {t("campaigns.steps.title")}
        </Typography>
        {draft && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setEditing({})}>
            {t("campaigns.steps.add")}
          </Button>
        )}
      </Stack>
      {query.isPending && [0, 1].map((i) => <Skeleton key={i} variant="rounded" height={148} />)}
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t("campaigns.steps.retry")}
            </Button>
          }
        >
          {t("campaigns.steps.loadError")} {errorMessage(query.error)}
        </Alert>
      )}
      {query.isSuccess && steps.length === 0 && (
        <EmptyState title={t("campaigns.steps.empty")} text={t(draft ? "campaigns.steps.emptyDraft" : "campaigns.steps.emptyLocked")} />
      )}
      {steps.map((step, i) => (
        <StepCard
          key={step.id}
          step={step}
          number={i + 1}
          campaign={campaign}
          onEdit={(s, part) => setEditing({ step: s, part })}
          onTest={setTesting}
          onCopy={onCopy}
          onDelete={setDeleting}
          copying={copy.isPending && copy.variables === step.id}
        />
      ))}
      <StepEditor open={editing !== null} campaign={campaign} step={editing?.step} part={editing?.part} onClose={closeEditor} />
      <TestSmsDialog campaignId={campaign.id} step={testing?.type === "sms" ? testing : null} onClose={closeTest} />
      <TestEmailDialog campaignId={campaign.id} step={testing?.type === "email" ? testing : null} onClose={closeTest} />
      <DeleteStepDialog campaignId={campaign.id} step={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
