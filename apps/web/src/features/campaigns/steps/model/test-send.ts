import type { CampaignStatus } from "@leadflow/contracts";

export type TestKind = "sms" | "email";
export type TestBlock = "needsMessage" | "draftOnly";

/**
 * Whether a step (or a split's part) can be tested: Test Sms when it has a message, Test Email while the
 * campaign is a draft and it has a message. A split itself is tested part by part: null.
 */
export function testAvailability(
  step: { type: string; message: string },
  status: CampaignStatus,
): { kind: TestKind; block: TestBlock | null } | null {
  if (step.type !== "sms" && step.type !== "email") return null;
  const block: TestBlock | null =
    step.message.trim() === "" ? "needsMessage" : step.type === "email" && status !== "draft" ? "draftOnly" : null;
  return { kind: step.type, block };
}
