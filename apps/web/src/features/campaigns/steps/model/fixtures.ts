import type { CampaignStep } from "@leadflow/contracts";

/** A saved SMS step as the API answers it, blank and right away: tests override what they look at. */
export function campaignStep(over: Partial<CampaignStep> = {}): CampaignStep {
  return {
    id: 1,
    campaign_id: 3,
    parent_step_id: null,
    position: 0,
    type: "sms",
    type_label: "SMS",
    name: "Intro",
    status: "pending",
    status_label: "Pending",
    started_at: null,
    delay: 0,
    delay_time_period: "min",
    delay_label: "0 min",
    message: "",
    subject: null,
    redirect_to: null,
    short_url_domain_id: null,
    short_url_domain_label: null,
    click_automation_campaign_id: null,
    two_fa_automation_campaign_id: null,
    tmo_limit_automation_campaign_id: null,
    options: {},
    sms: null,
    steps: [],
    ...over,
  };
}
