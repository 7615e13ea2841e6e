import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import type { LeadTrail } from "../../leads";
import { segmentQuery } from "../api/segments.api";

/** A lead opened from an audience or one of its segments: Audiences › the audience › (the segment ›) the lead. */
export const audienceLeadTrail: LeadTrail = {
  backLabel: "audiences.backToAudience",
  useCrumbs(back) {
    const t = useT();
    const p = useAccountPath();
    const segmentId = Number(useParams().segmentId);
    const segment = useQuery({ ...segmentQuery(segmentId), enabled: Number.isSafeInteger(segmentId) && segmentId > 0 });
    return [
      { label: t("audiences.title"), to: p("") },
      ...(segment.data?.parent ? [{ label: segment.data.parent.name, to: `audiences/${segment.data.parent.id}/leads` }] : []),
      ...(segment.data ? [{ label: segment.data.name, to: back }] : []),
    ];
  },
};
