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
} as const satisfies ErrorMap;
