/*
 * The one door out: every message Leadflow sends — a campaign's step, a welcome message, a keyword's reply, the
 * STOP, START and HELP answers, a test SMS or email, an inbox reply — is sent by its gateway's dispatcher (one process per gateway at
 * a time), after the same checks in the same order. This table says which checks each kind passes; a kind is exempt
 * from a check only where the law and the carriers allow it, and the exemption says why. The checks' code reads it
 * (`gateApplies`): the campaign claim's SQL for steps, the lane for the others (docs/sending.md, One door).
 */

export const GateChecks = ["suppression", "consent", "window", "pace", "money", "ledger"] as const;
export type GateCheck = (typeof GateChecks)[number];

export const OutboundKinds = [
  "campaign_step",
  "welcome",
  "keyword_reply",
  "help_answer",
  "start_confirmation",
  "stop_confirmation",
  "test_sms",
  "test_email",
  "spam_test",
  "reply",
  "opt_in_request",
] as const;
export type OutboundKind = (typeof OutboundKinds)[number];

/** A check the kind passes, or why it may skip it. */
type Rule = true | { exempt: string };

const ANSWER_CONSENT = {
  exempt: "It answers the recipient's own text within seconds: a reply they asked for, not a message Leadflow starts.",
} as const;
const ANSWER_WINDOW = {
  exempt: "Quiet hours restrict messages the sender starts; this one answers the recipient's text of a moment ago.",
} as const;
const TEST_CONSENT = {
  exempt: "A person of the team sends it to a phone or address they typed, to see the message; the team's daily cap bounds it.",
} as const;

export const GateRules = {
  campaign_step: { suppression: true, consent: true, window: true, pace: true, money: true, ledger: true },
  // The step's recipient, a moment after its message: the same rules as the step.
  welcome: { suppression: true, consent: true, window: true, pace: true, money: true, ledger: true },
  keyword_reply: { suppression: true, consent: ANSWER_CONSENT, window: ANSWER_WINDOW, pace: true, money: true, ledger: true },
  help_answer: { suppression: true, consent: ANSWER_CONSENT, window: ANSWER_WINDOW, pace: true, money: true, ledger: true },
  // START lifted the phone's own opt-out first; a phone suppressed for another reason (a complaint) stays silent.
  start_confirmation: { suppression: true, consent: ANSWER_CONSENT, window: ANSWER_WINDOW, pace: true, money: true, ledger: true },
  stop_confirmation: {
    suppression: {
      exempt:
        "The one confirmation of an opt-out goes to the number that just opted out (the FCC's 2012 SoundBite ruling; CTIA asks for it at once). It is planned only when the opt-out is new, so it goes once.",
    },
    consent: ANSWER_CONSENT,
    window: ANSWER_WINDOW,
    pace: true,
    money: true,
    ledger: true,
  },
  test_sms: {
    suppression: true,
    consent: TEST_CONSENT,
    window: { exempt: "A preview a team member sends to a phone they typed, not a message to a lead; the daily cap bounds it." },
    pace: true,
    money: true,
    ledger: true,
  },
  test_email: {
    suppression: true,
    consent: TEST_CONSENT,
    window: { exempt: "Email has no legal sending hours; a test has no campaign day-parting." },
    pace: true,
    money: true,
    ledger: true,
  },
  // A copy of a running campaign's message to the team's own seed inboxes, for placement checks.
  spam_test: {
    suppression: true,
    consent: { exempt: "It goes to the team's own seed inboxes (its spam email groups), not to a lead." },
    window: { exempt: "Email has no legal sending hours; the copy follows the campaign's own sending." },
    pace: true,
    money: true,
    ledger: true,
  },
  // A person of the team typing in the inbox: a message Leadflow starts, whatever the thread before it, so every check.
  reply: { suppression: true, consent: true, window: true, pace: true, money: true, ledger: true },
  // A sign-up form's "Reply YES to confirm": the person asked for it on the form a moment ago (docs/opt-in.md).
  opt_in_request: {
    suppression: true,
    consent: {
      exempt:
        "It asks the person who just submitted the form to confirm; consent is what it collects, and nothing else goes before the YES.",
    },
    window: { exempt: "It answers the person's own submission of a moment ago, as a keyword's reply answers a text." },
    pace: true,
    money: true,
    ledger: true,
  },
} as const satisfies Record<OutboundKind, Record<GateCheck, Rule>>;

/** Whether a kind of message passes a check (false: its exemption applies). */
export function gateApplies(kind: OutboundKind, check: GateCheck): boolean {
  return GateRules[kind][check] === true;
}
