import { CampaignLimits } from "@leadflow/contracts";
import type { ErrorMap } from "../shared/error-map";

export const campaignErrors = {
  campaign_not_found: { status: 404, message: "Campaign not found." },
  campaign_step_not_found: { status: 404, message: "Step not found." },
  campaign_audience_not_found: { status: 404, message: "The selected audience item was not found." },
  /** Field errors the contract could not see (another team's gateway, a rule of the wrong kind…): `errors` says which. */
  campaign_invalid: { status: 422, message: "The given data was invalid." },
  campaign_field_locked: { status: 422, message: "This field cannot be changed once the campaign has started." },
  campaign_steps_locked: { status: 422, message: "Steps can be added only while the campaign is a draft." },
  campaign_step_channel: { status: 422, message: "This step type does not fit the campaign's type." },
  campaign_test_no_sender: { status: 422, message: "The campaign's sender cannot send." },
  /** 429, as the other "too many" answers: the web shows the server's message. */
  campaign_test_limit: { status: 429, message: `Your team can send ${CampaignLimits.testSmsPerDay} test SMS a day; try again tomorrow.` },
  campaign_test_email_limit: {
    status: 429,
    message: `Your team can send ${CampaignLimits.testEmailsPerDay} test emails a day; try again tomorrow.`,
  },
  /** The message names the address, why it is suppressed and since when. */
  campaign_test_suppressed: {
    status: 422,
    message: "The recipient is on your suppression list: Leadflow sends it nothing, tests included.",
  },
  campaign_test_not_draft: { status: 422, message: "A test email can be sent only while the campaign is a draft." },
  campaign_segment_status: { status: 422, message: "A segment can be created only from a completed, failed or paused campaign." },
  campaign_segment_status_channel: { status: 422, message: "Choose statuses this campaign's messages can have." },
  campaign_segment_engagement_channel: { status: 422, message: "Choose engagements this campaign's messages can have." },
  log_search_number: { status: 422, message: "Search this column by a whole number." },
  log_search_yes_no: { status: 422, message: "Search this column by Yes or No." },
  log_search_date: { status: 422, message: "Search the date as YYYY-MM-DD." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    campaigns: typeof campaignErrors;
  }
}
