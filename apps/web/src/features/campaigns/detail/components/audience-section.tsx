import { type Campaign, type CampaignAudienceKind, isTriggerType } from "@leadflow/contracts";
import { Alert, Button, Stack, Typography } from "@mui/material";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { type MessageKey, useT } from "../../../../lib/i18n";
import { leadTableQuery } from "../../../leads";
import { sourcesWithListsQuery } from "../../../source-picker";
import { audienceSegmentOptionsQuery, campaignAudienceQuery } from "../../api/campaign-audience.api";
import { canChangeAudience } from "../model/campaign-actions";
import { type AudienceOption, AudiencePicker } from "./audience-picker";

/** The pickers, in the order they show. */
const PICKERS = [
  { kind: "segment", label: "campaigns.detail.audience.segments" },
  { kind: "source", label: "campaigns.detail.audience.sources" },
  { kind: "list", label: "campaigns.detail.audience.lists" },
] as const satisfies readonly { kind: CampaignAudienceKind; label: MessageKey }[];

/**
 * Who receives the campaign (docs/product/campaigns.md): segments, sources and lists, each a multi-select saved as it
 * changes, and the records count. A completed or failed campaign keeps its audience.
 */
export function AudienceSection({ campaign }: { campaign: Campaign }) {
  const t = useT();
  const segments = useQuery(audienceSegmentOptionsQuery());
  const sources = useQuery(sourcesWithListsQuery());
  const selections = useQueries({ queries: PICKERS.map(({ kind }) => campaignAudienceQuery(campaign.id, kind)) });
  const editable = canChangeAudience(campaign.status);
  // Until it starts, the records are the audience as it stands (the leads table's count); from then on the snapshot
  // the engine planned, from the counters.
  const audience = useQuery({ ...leadTableQuery({ campaignId: campaign.id }, { limit: 1 }), enabled: !campaign.is_started });
  const records = campaign.is_started ? campaign.records : audience.data?.meta.total;
  const approximate = !campaign.is_started && audience.data?.meta.total_is_estimate ? "~" : "";
  const titleId = useId();

  // What each picker offers: the sources' answer holds their lists too.
  const choices: Record<CampaignAudienceKind, { options: AudienceOption[]; loading: boolean }> = {
    segment: { options: segments.data ?? [], loading: segments.isPending },
    source: { options: (sources.data?.data ?? []).map((s) => ({ id: s.id, name: s.name })), loading: sources.isPending },
    list: {
      options: (sources.data?.data ?? []).flatMap((s) => s.lists.map((l) => ({ id: l.id, name: l.name, group: s.name }))),
      loading: sources.isPending,
    },
  };
  const failed = [...selections, segments, sources].filter((q) => q.isError);
  const empty = selections.every((q) => q.data?.length === 0);

  return (
    <Stack component="section" aria-labelledby={titleId} spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: "baseline", justifyContent: "space-between", gap: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t("campaigns.detail.audience.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: "tabular-nums" }}>
          {t("campaigns.detail.audience.records")}: {records === undefined ? "…" : `${approximate}${records.toLocaleString("en-US")}`}
        </Typography>
      </Stack>
      {failed.length > 0 && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => failed.forEach((q) => void q.refetch())}>
              {t("table.retry")}
            </Button>
          }
        >
          {t("campaigns.detail.audience.loadError")}
        </Alert>
      )}
      {empty && <Alert severity="info">{t("campaigns.detail.audience.empty")}</Alert>}
      {!editable && (
        <Typography variant="body2" color="text.secondary">
          {t("campaigns.detail.audience.locked")}
        </Typography>
      )}
      {editable && !isTriggerType(campaign.type) && (
        <Typography variant="body2" color="text.secondary">
          {t("campaigns.waiting.joiners")}
        </Typography>
      )}
      {PICKERS.map(({ kind, label }) => (
        <AudiencePicker
          key={kind}
          campaignId={campaign.id}
          kind={kind}
          label={t(label)}
          options={choices[kind].options}
          optionsLoading={choices[kind].loading}
          disabled={!editable}
        />
      ))}
    </Stack>
  );
}
