import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Navigate, Outlet, useParams } from "react-router";
import { type Crumb, useBreadcrumbs } from "../../../components/breadcrumbs/breadcrumbs";
import { useContextMenu } from "../../../components/context-menu/context-menu";
import { EntityGate, useEntityQuery } from "../../../components/entity-gate/entity-gate";
import { parseId } from "../../../components/entity-gate/gate-view";
import { HeaderSkeleton } from "../../../components/page-state/page-state";
import { useAccountPath } from "../../../lib/account-context";
import { useT } from "../../../lib/i18n";
import { isSegmentLeadsKey, segmentQuery, useSegmentLiveUpdates } from "../api/segments.api";
import { SegmentHeader } from "../components/segment-header";
import { SegmentTabs } from "../components/segment-tabs";
import { useSegmentMenu } from "../components/use-segment-menu";
import type { SegmentOutlet } from "../model/segment-outlet";
import { segmentLeadsPath } from "../model/segment-paths";

/**
 * An audience (`audiences/{id}`, tabs Leads and Segments) or a child segment (`audiences/{parentId}/segments/{id}`,
 * its leads only): header, breadcrumbs and context menu; the tabs are child routes.
 */
export function SegmentPage() {
  const t = useT();
  const p = useAccountPath();
  const qc = useQueryClient();
  const params = useParams();
  const segment = useEntityQuery("segmentId", segmentQuery);
  const segmentId = segment.id;
  const parentParam = params.parentSegmentId;
  const data = segment.data;
  const menu = useSegmentMenu(data, segmentId ?? 0);
  useSegmentLiveUpdates();
  useContextMenu(menu.menuItems);

  const parent = data?.parent ?? null;
  // The audiences page is the account root, whose relative path is empty: the crumb takes the full path.
  const crumbs: Crumb[] = [{ label: t("audiences.title"), to: p("") }];
  if (parent) crumbs.push({ label: parent.name, to: `audiences/${parent.id}` });
  if (data) crumbs.push({ label: data.name });
  useBreadcrumbs(crumbs);

  // The members changed when a rebuild ends: the leads table follows even if the live event went missing.
  const wasRecalculating = useRef(false);
  useEffect(() => {
    const now = !!data?.is_recalculating;
    if (wasRecalculating.current && !now && segmentId !== null)
      void qc.invalidateQueries({ predicate: (q) => isSegmentLeadsKey(q.queryKey, segmentId) });
    wasRecalculating.current = now;
  }, [data?.is_recalculating, qc, segmentId]);

  const backToParent = parseId(parentParam);
  return (
    <EntityGate
      entity={segment}
      skeleton={<HeaderSkeleton counts={3} />}
      notFound={{
        title: t(parentParam ? "audiences.segmentNotFound" : "audiences.notFound"),
        text: t("audiences.notFoundText"),
        backTo: p(backToParent ? `audiences/${backToParent}/segments` : ""),
        backLabel: t(backToParent ? "audiences.backToAudience" : "audiences.backToAudiences"),
      }}
    >
      {(current) =>
        // A child under another parent's path, or an audience under a parent's: its own path is the one to show.
        (current.parent_id ?? null) !== backToParent ? (
          <Navigate to={p(segmentLeadsPath(current))} replace />
        ) : (
          <>
            <SegmentHeader segment={current} />
            {!current.parent_id && <SegmentTabs segmentId={current.id} />}
            <Outlet context={{ segment: current, createSegment: menu.createSegment } satisfies SegmentOutlet} />
            {menu.dialogs}
          </>
        )
      }
    </EntityGate>
  );
}
