import { describe, expect, it } from "vitest";
import {
  EmailMessageStatusLabels,
  EmailStatusOf,
  MessageReasons,
  MessageStateLabels,
  MessageStates,
  messageStatusLabel,
  messageStepStatus,
  SmsStatusLabels,
  SmsStatusOf,
} from "./message-states";
import { SuppressionReasons } from "./suppressions";

/** A label is words, not a code: no underscore, and not the code itself in lower case. */
const isWords = (code: string, label: string) => !label.includes("_") && label !== code && /^[A-Z0-9]/.test(label);

describe("what the logs show for a status, a state and a reason", () => {
  it("names every ledger state, SMS status, email status, reason and suppression reason in words", () => {
    for (const [code, label] of [
      ...Object.entries(MessageStateLabels),
      ...Object.entries(SmsStatusLabels),
      ...Object.entries(MessageReasons),
      ...Object.entries(SuppressionReasons),
    ])
      expect(isWords(code, label), `${code} → ${label}`).toBe(true);
    for (const state of MessageStates) {
      expect(SmsStatusLabels[SmsStatusOf[state]], state).toBeTruthy();
      expect(EmailMessageStatusLabels[EmailStatusOf[state]], state).toBeTruthy();
    }
  });

  it.each([
    ["sms", "blocked", "Blocked by carrier"],
    ["sms", "inactive", "Inactive device"],
    ["sms", "planned", "Pending"],
    ["email", "bounced", "Bounce"],
    ["email", "failed", "Error"],
    ["email", "complained", "Complaint"],
  ] as const)("a %s message %s reads %s", (channel, state, label) => {
    expect(messageStatusLabel(channel, state)).toBe(label);
  });

  it("puts a delivered message's step as completed, one on its way as sending, one not handed over as pending", () => {
    expect(messageStepStatus("delivered", null)).toBe("completed");
    expect(messageStepStatus("failed", null)).toBe("completed");
    expect(messageStepStatus("accepted", null)).toBe("sending");
    expect(messageStepStatus("sent", null)).toBe("sending");
    expect(messageStepStatus("sent", "no_receipt")).toBe("completed");
    expect(messageStepStatus("planned", null)).toBe("pending");
  });
});
