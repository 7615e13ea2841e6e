import { CampaignChannel, type CampaignType, type RulePage, type RuleType, RuleTypes } from "@leadflow/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { spamEmailGroupsApi } from "../../email-groups";
import { useGatewayOptions } from "../../integrations";
import { poolsQuery, routesQuery, useSenderOptions } from "../../routing";
import { rulesApi } from "../../rules";

export interface PickOption {
  value: number;
  label: string;
}

/** Active rules of one kind, keyed under the rules root so a change in Settings → Rules reaches the picker. */
function useRules(type: RuleType, enabled: boolean) {
  return useQuery({
    queryKey: [...rulesApi.keys.all, "campaign-picker", type],
    queryFn: ({ signal }) => api.get<RulePage>("/rules", { type, is_active: true, page: 1, limit: 1000 }, { signal }),
    select: (page): PickOption[] => page.data.map((r) => ({ value: r.id, label: r.name })),
    enabled,
  });
}

/**
 * What the Create/Edit Campaign dialog offers: gateways of the type's channel (SMS ones with their
 * messaging services), routes, pools, the four rule kinds (cool-off by channel), lookup gateways, spam email groups.
 */
export function useCampaignFormOptions(type: CampaignType, open: boolean) {
  const channel = CampaignChannel[type];
  const sms = channel === "sms";
  const smsGateways = useSenderOptions();
  const emailGateways = useGatewayOptions("email", { enabled: open && !sms });
  const routes = useQuery({ ...routesQuery(), enabled: open && sms });
  const pools = useQuery({ ...poolsQuery(), enabled: open && sms });
  const lookups = useGatewayOptions(sms ? "sms_lookup" : "email_lookup", { enabled: open });
  const spamGroups = useQuery({ ...spamEmailGroupsApi.listQuery({ page: 1, limit: 1000 }), enabled: open && !sms });
  const coolOff = useRules(sms ? RuleTypes.sms_cool_off : RuleTypes.email_cool_off, open);
  const inactive = useRules(RuleTypes.sms_inactive_device, open && sms);
  const reset = useRules(RuleTypes.reset_frequency, open);
  const increase = useRules(RuleTypes.increase_frequency, open);

  const toOptions = (list: { id: number; name: string }[] | undefined): PickOption[] =>
    (list ?? []).map((x) => ({ value: x.id, label: x.name }));
  const queries = [smsGateways, emailGateways, routes, pools, lookups, spamGroups, coolOff, inactive, reset, increase];
  return {
    sms,
    gateways: sms ? toOptions(smsGateways.data) : toOptions(emailGateways.data),
    /** Messaging services of each SMS gateway (Twilio's pools of numbers): `ms_sid` choices. */
    messagingServices: (gatewayId: unknown) =>
      (smsGateways.data?.find((g) => g.id === gatewayId)?.pools ?? []).map((p) => ({ value: p.key, label: p.label })),
    routes: toOptions(routes.data?.data),
    pools: toOptions(pools.data?.data),
    lookupGateways: toOptions(lookups.data),
    spamGroups: toOptions(spamGroups.data?.data),
    coolOffRules: coolOff.data ?? [],
    inactiveRules: inactive.data ?? [],
    resetRules: reset.data ?? [],
    increaseRules: increase.data ?? [],
    error: queries.find((q) => q.error)?.error ?? null,
  };
}
export type CampaignFormOptions = ReturnType<typeof useCampaignFormOptions>;
