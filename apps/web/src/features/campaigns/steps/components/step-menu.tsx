import type { CampaignStep } from "@leadflow/contracts";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { deleteAction, editAction, RowActionsMenu } from "../../../../components/row-actions/row-actions";
import { useT } from "../../../../lib/i18n";

export interface StepMenuProps {
  step: CampaignStep;
  /** Copy and Delete only while the campaign is a draft (the server refuses them otherwise). */
  draft: boolean;
  /** A copy of this step is being made. */
  busy?: boolean;
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

/** A step card's kebab: Edit, Copy, Delete; off items say why. */
export function StepMenu({ step, draft, busy, onEdit, onCopy, onDelete }: StepMenuProps) {
  const t = useT();
  const hint = draft ? undefined : t("campaigns.steps.draftOnly");
  const actions = [
    editAction(t("campaigns.steps.edit"), onEdit),
    { key: "copy", label: t("campaigns.steps.copy"), icon: <ContentCopyIcon fontSize="small" />, onClick: onCopy, disabled: !draft, hint },
    { ...deleteAction(t("campaigns.steps.delete"), onDelete), disabled: !draft, hint },
  ];
  return <RowActionsMenu label={t("campaigns.steps.actionsFor", { name: step.name })} actions={actions} busy={busy} />;
}
