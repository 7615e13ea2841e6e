import { EmailStatusLabels, LeadStatusLabels, PhoneStatusLabels } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { importApiMessages } from "./import-api.messages";

describe("status labels", () => {
  it.each([
    ["importApi.leadStatus", LeadStatusLabels],
    ["importApi.emailStatus", EmailStatusLabels],
    ["importApi.phoneStatus", PhoneStatusLabels],
  ] as const)("%s.* are the contract's labels", (prefix, labels) => {
    const ours = Object.fromEntries(
      Object.entries(importApiMessages)
        .filter(([k]) => k.startsWith(`${prefix}.`))
        .map(([k, v]) => [k.slice(prefix.length + 1), v]),
    );
    expect(ours).toEqual(Object.fromEntries(Object.entries(labels).map(([v, l]) => [v, l])));
  });
});
