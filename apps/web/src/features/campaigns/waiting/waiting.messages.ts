/** Texts of the waiting figure (campaign page, Statistics tab, list) and of what the settings say about quiet hours. */
export const campaignWaitingMessages = {
  "campaigns.waiting.title": "Waiting to send",
  "campaigns.waiting.count.one": "{count} message waits",
  "campaigns.waiting.count.other": "{count} messages wait",
  "campaigns.waiting.next": "Next send {date}",
  "campaigns.waiting.nextNow": "Sending now",
  "campaigns.waiting.nextPaused": "Nothing goes until the campaign is set Active",
  "campaigns.waiting.planning": "Still planning its audience: more messages will join.",
  "campaigns.waiting.planningProgress": "Planning… {planned} of {total} recipients",
  "campaigns.waiting.reasonNext": "from {date}",
  "campaigns.waiting.reasonsLabel": "Why they wait",
  "campaigns.waiting.loadError": "What the messages wait for could not be loaded.",
  "campaigns.waiting.listLine": "{count} waiting",
  "campaigns.waiting.listNext": "next {date}",
  "campaigns.waiting.listPlanning": "Planning…",
  "campaigns.waiting.chartEmpty": "Nothing has been sent yet: {waiting} — {reason}. {next}.",
  "campaigns.waiting.quietHours": "Quiet hours",
  "campaigns.waiting.quietHoursSms":
    "Always: texts go only within the legal hours of each recipient's local time (US: 8 am–9 pm, stricter in some states; Canada: the CRTC's), whatever the daily window.",
  "campaigns.waiting.quietHoursEmail": "None: email has no legal hours; only the daily window limits it.",
  "campaigns.waiting.joiners":
    "While the campaign is Active or Paused, new leads of its dynamic segments are planned within seconds; leads imported into its lists or sources within a minute.",
} as const;
