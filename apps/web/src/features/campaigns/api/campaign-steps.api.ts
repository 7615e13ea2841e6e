import type {
  CampaignStepList,
  CampaignStepSaved,
  CampaignTrigger,
  EmailGatewaySenders,
  LeadAttribute,
  MessageResponse,
  SaveStep,
  SenderEmailGroupPage,
  ShortUrlDomainPage,
  TestEmail,
  TestSendResult,
  TestSms,
} from "@leadflow/contracts";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { attributeKeys } from "../../attributes";
import { senderEmailGroupsApi } from "../../email-groups";
import { shortUrlsApi } from "../../short-urls";
import { campaignKeys, campaignsByTriggerQuery } from "./campaigns.api";

/** Under the campaigns root, so a change to the campaign (its sender, its price) refreshes its steps too. */
export const campaignStepKeys = {
  all: [...campaignKeys.all, "steps"] as const,
  list: (campaignId: number) => [...campaignStepKeys.all, campaignId] as const,
};

export const campaignStepsQuery = (campaignId: number) =>
  queryOptions({
    queryKey: campaignStepKeys.list(campaignId),
    queryFn: ({ signal }) =>
      api.get<CampaignStepList>(`/campaigns/${campaignId}/campaign-steps`, undefined, { signal }).then((r) => r.data),
  });

/** The steps, the campaign (its steps count, and status checks) and the list's Steps column. */
const refresh = (qc: QueryClient, campaignId: number) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: campaignStepKeys.list(campaignId) }),
    qc.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) }),
    qc.invalidateQueries({ queryKey: campaignKeys.pages() }),
  ]);

/** Add Step (no `stepId`) or save an edit. */
export function useSaveStep(campaignId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ stepId, body }: { stepId?: number; body: SaveStep }) =>
      stepId === undefined
        ? api.post<CampaignStepSaved>(`/campaigns/${campaignId}/campaign-steps`, body)
        : api.put<CampaignStepSaved>(`/campaign-steps/${stepId}`, body),
    onSuccess: () => refresh(qc, campaignId),
  });
}

export function useDeleteStep(campaignId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (stepId: number) => api.delete<MessageResponse>(`/campaign-steps/${stepId}`),
    onSuccess: () => refresh(qc, campaignId),
  });
}

export function useCopyStep(campaignId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (stepId: number) => api.post<CampaignStepSaved>(`/campaign-steps/${stepId}/copy`),
    onSuccess: () => refresh(qc, campaignId),
  });
}

/** Tests change no figure of the campaign: nothing to refresh. */
export function useTestSms() {
  return useMutation({ mutationFn: (input: TestSms) => api.post<TestSendResult>("/campaigns/test-sms", input) });
}

export function useTestEmail() {
  return useMutation({ mutationFn: (input: TestEmail) => api.post<TestSendResult>("/campaigns/test-email", input) });
}

// ── What the step editor picks from ─────────────────────────────────────────────────────────────────────────

const ALL = { page: 1, limit: 1000 };

/** Every lead attribute (tag chips, the state attribute): the key the import dialog and the filter builder share. */
export function useStepAttributes(enabled: boolean) {
  return useQuery({
    queryKey: [...attributeKeys.all, "all"] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: LeadAttribute[] }>("/lead-attributes-all", undefined, { signal })).data,
    enabled,
  });
}

/** Short-URL domains the team may use (access enabled), keyed under the short-urls root so Settings changes reach it. */
export function useStepShortDomains(enabled: boolean) {
  return useQuery({
    queryKey: [...shortUrlsApi.keys.all, "step-picker"] as const,
    queryFn: ({ signal }) => api.get<ShortUrlDomainPage>("/short-url-domains", ALL, { signal }),
    select: (page) => page.data.filter((d) => d.access === "enabled").map((d) => ({ value: d.id, label: d.url })),
    enabled,
  });
}

export function useSenderEmailGroups(enabled: boolean) {
  return useQuery({
    queryKey: [...senderEmailGroupsApi.keys.all, "step-picker"] as const,
    queryFn: ({ signal }) => api.get<SenderEmailGroupPage>("/sender-email-groups", ALL, { signal }),
    select: (page) => page.data.map((g) => ({ value: g.id, label: g.name })),
    enabled,
  });
}

/**
 * The campaign gateway's verified addresses and domains, as its provider says. The server limits how often a team
 * asks a provider, so an answer is kept for ten minutes rather than refetched per opening. Keyed under the gateways
 * root, so a change in Settings → Integrations asks again.
 */
export function useEmailSenders(gatewayId: number | null) {
  return useQuery({
    queryKey: ["gateways", "email-senders", gatewayId] as const,
    queryFn: ({ signal }) => api.get<EmailGatewaySenders>(`/gateways/${gatewayId}/email-senders`, undefined, { signal }),
    enabled: gatewayId !== null,
    staleTime: 10 * 60_000,
  });
}

/** Trigger campaigns a link option starts (2FA link view, click, T-Mobile daily limit). */
export function useTriggerCampaigns(trigger: CampaignTrigger, enabled: boolean) {
  return useQuery({
    ...campaignsByTriggerQuery(trigger),
    select: (list) => list.map((c) => ({ value: c.id, label: c.name })),
    enabled,
  });
}

/**
 * Everything the step editor offers for a campaign's channel: lead attributes, short-URL domains,
 * and for SMS the trigger campaigns of the three link options; for email the sender groups and the gateway's verified
 * senders. A trigger list leaves out the campaign itself, which would set off its own trigger.
 */
export function useStepEditorOptions(campaign: { id: number; sms: boolean; gatewayId: number | null }, open: boolean) {
  const attributes = useStepAttributes(open);
  const domains = useStepShortDomains(open);
  const twoFa = useTriggerCampaigns("two_fa_link_view", open && campaign.sms);
  const click = useTriggerCampaigns("campaign_click", open && campaign.sms);
  const tmo = useTriggerCampaigns("campaign_daily_limit", open && campaign.sms);
  const groups = useSenderEmailGroups(open && !campaign.sms);
  const senders = useEmailSenders(open && !campaign.sms ? campaign.gatewayId : null);
  const others = (list: { value: number; label: string }[] | undefined) => (list ?? []).filter((o) => o.value !== campaign.id);
  const queries = [attributes, domains, twoFa, click, tmo, groups, senders];
  return {
    attributes: attributes.data ?? [],
    shortDomains: domains.data ?? [],
    /** The short domains loaded (an empty list then means none is available). */
    shortDomainsLoaded: domains.isSuccess,
    triggers: { twoFa: others(twoFa.data), click: others(click.data), tmo: others(tmo.data) },
    emailGroups: groups.data,
    emailSenders: senders.data,
    emailSendersError: senders.error,
    emailSendersLoading: senders.isLoading,
    error: queries.find((q) => q.error && q !== senders)?.error ?? null,
  };
}
export type StepEditorOptions = ReturnType<typeof useStepEditorOptions>;
