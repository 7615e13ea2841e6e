import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { sourcesWithListsQuery } from "../../../source-picker";
import type { KnownIds } from "../model/stale-values";
import { campaignNamesQuery, filterAttributesQuery } from "./filter-options.api";

/** One choice of a multi-select; `group` heads it in the list (a list's source). */
export interface ChoiceOption {
  value: string | number;
  label: string;
  group?: string;
}

export interface FilterOptions {
  source: ChoiceOption[];
  list: ChoiceOption[];
  campaign: ChoiceOption[];
  attribute: ChoiceOption[];
  loading: { source: boolean; list: boolean; campaign: boolean; attribute: boolean };
  /** The complete id sets, for removing stale choices (absent while unknown or cut short). */
  known: KnownIds;
}

/** The endpoint's largest page: a team with more sources gets pickers without stale-value pruning. */
const SOURCES_LIMIT = 1000;

/** What the builder's pickers offer: sources with their lists, the team's attributes, and campaign names. */
export function useFilterOptions(): FilterOptions {
  const sources = useQuery(sourcesWithListsQuery({ limit: SOURCES_LIMIT }));
  const attributes = useQuery(filterAttributesQuery());
  const campaigns = useQuery(campaignNamesQuery());
  const sourceData = sources.data?.data;
  const attributeData = attributes.data;
  const campaignData = campaigns.data;
  const sourcesLoading = sources.isLoading;
  const attributesLoading = attributes.isLoading;
  const campaignsLoading = campaigns.isLoading;

  return useMemo(() => {
    const source = (sourceData ?? []).map((s) => ({ value: s.id, label: s.name }));
    const list = (sourceData ?? []).flatMap((s) => s.lists.map((l) => ({ value: l.id, label: l.name, group: s.name })));
    const attribute = (attributeData ?? []).map((a) => ({ value: a.id, label: a.name }));
    const campaign = (campaignData?.campaigns ?? []).map((c) => ({ value: c.id, label: c.name }));
    const sourcesWhole = sourceData !== undefined && sourceData.length < SOURCES_LIMIT;
    const ids = (options: ChoiceOption[]) => new Set(options.map((o) => Number(o.value)));
    return {
      source,
      list,
      campaign,
      attribute,
      loading: { source: sourcesLoading, list: sourcesLoading, campaign: campaignsLoading, attribute: attributesLoading },
      known: {
        ...(sourcesWhole ? { source: ids(source), list: ids(list) } : {}),
        ...(attributeData ? { attribute: ids(attribute) } : {}),
        ...(campaignData?.available ? { campaign: ids(campaign) } : {}),
      },
    };
  }, [sourceData, attributeData, campaignData, sourcesLoading, attributesLoading, campaignsLoading]);
}
