/** Route params of a lead page: /leads/{leadId}, or nested under where it was opened. */
export interface LeadRouteParams {
  sourceId?: string;
  listId?: string;
  segmentId?: string;
  parentSegmentId?: string;
  campaignId?: string;
}

const id = (v: string | undefined) => (v && /^\d+$/.test(v) && Number(v) > 0 ? v : null);

/**
 * Where the user came from, relative to the account root: the list, the audience (or its parent's segment), the
 * campaign's Leads tab, else the leads page. A deleted lead's page returns there.
 */
export function leadReturnPath(p: LeadRouteParams): string {
  const source = id(p.sourceId);
  const list = id(p.listId);
  if (source && list) return `sources/${source}/${list}`;
  const segment = id(p.segmentId);
  const parent = id(p.parentSegmentId);
  if (segment && parent) return `audiences/${parent}/segments/${segment}/leads`;
  if (segment) return `audiences/${segment}/leads`;
  const campaign = id(p.campaignId);
  if (campaign) return `campaigns/${campaign}/leads`;
  return "leads";
}

/** A lead's own path in the same context (a table row's link). */
export function leadPath(leadId: number, p: LeadRouteParams): string {
  const back = leadReturnPath(p);
  return back === "leads" ? `leads/${leadId}` : `${back}/${leadId}`;
}
