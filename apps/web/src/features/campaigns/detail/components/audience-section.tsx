import type { Campaign } from "@leadflow/contracts";
import { Alert, Button, Stack, Typography } from "@mui/material";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useT } from "../../../../lib/i18n";
import { sourcesWithListsQuery } from "../../../sources";
import { audienceSegmentOptionsQuery, campaignAudienceQuery } from "../../api/campaign-audience.api";
import { canChangeAudience } from "../model/campaign-actions";
import { type AudienceOption, AudiencePicker } from "./audience-picker";

const KINDS = ["segment", "source", "list"] as const;

/**
 * Who receives the campaign (spec 3 §2 Campaign tab): segments, sources and lists, each a multi-select saved as it
 * changes, and the records count. A completed or failed campaign keeps its audience.
 */
export function AudienceSection({ campaign }: { campaign: Campaign }) {
  const t = useT();
  const segments = useQuery(audienceSegmentOptionsQuery());
  const sources = useQuery(sourcesWithListsQuery());
  const selections = useQueries({ queries: KINDS.map((kind) => campaignAudienceQuery(campaign.id, kind)) });
  const editable = canChangeAudience(campaign.status);
  const titleId = useId();

  const sourceOptions: AudienceOption[] = (sources.data?.data ?? []).map((s) => ({ id: s.id, name: s.name }));
  const listOptions: AudienceOption[] = (sources.data?.data ?? []).flatMap((s) =>
    s.lists.map((l) => ({ id: l.id, name: l.name, group: s.name })),
  );
  const failed = [...selections, segments, sources].filter((q) => q.isError);
  const empty = selections.every((q) => q.data?.length === 0);

  return (
    <Stack component="section" aria-labelledby={titleId} spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: "baseline", justifyContent: "space-between", gap: 1 }}>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t("campaigns.detail.audience.title")}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: "tabular-nums" }}>
          {t("campaigns.detail.audience.records")}: {campaign.records.toLocaleString("en-US")}
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
      <AudiencePicker
        campaignId={campaign.id}
        kind="segment"
        label={t("campaigns.detail.audience.segments")}
        options={segments.data ?? []}
        optionsLoading={segments.isPending}
        disabled={!editable}
      />
      <AudiencePicker
        campaignId={campaign.id}
        kind="source"
        label={t("campaigns.detail.audience.sources")}
        options={sourceOptions}
        optionsLoading={sources.isPending}
        disabled={!editable}
      />
      <AudiencePicker
        campaignId={campaign.id}
        kind="list"
        label={t("campaigns.detail.audience.lists")}
        options={listOptions}
        optionsLoading={sources.isPending}
        disabled={!editable}
      />
    </Stack>
  );
}
