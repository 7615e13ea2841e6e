import type { CampaignBatchResult } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../../lib/api-client";
import { errorMessage } from "../../../../lib/errors";
import { canChangeAudience, canEditCampaign, offersCreateSegment, statusMenuChoices } from "./campaign-actions";
import { runStatusChange, type StatusAlert, statusChipView } from "./status-change";

const manual = [
  { key: "draft", label: "Draft" },
  { key: "active", label: "Active" },
  { key: "paused", label: "Paused" },
  { key: "stop", label: "Stop" },
];

describe("Set status choices", () => {
  it("are the manual list minus the campaign's status and the moves it may not make", () => {
    expect(statusMenuChoices(manual, { status: "paused" }).map((o) => o.key)).toEqual(["active", "stop"]);
    expect(statusMenuChoices(manual, { status: "draft" }).map((o) => o.label)).toEqual(["Active", "Stop"]);
    expect(statusMenuChoices(manual, { status: "scheduled" }).map((o) => o.key)).toEqual(["draft", "active", "paused", "stop"]);
  });

  it("offer a finished campaign Active only, never a Draft it would refuse; a stopped one nothing", () => {
    expect(statusMenuChoices(manual, { status: "completed" }).map((o) => o.key)).toEqual(["active"]);
    expect(statusMenuChoices(manual, { status: "failed" }).map((o) => o.key)).toEqual(["active", "stop"]);
    expect(statusMenuChoices(manual, { status: "stop" })).toEqual([]);
  });
});

describe("menu rules", () => {
  it.each([
    ["draft", true, false, true],
    ["scheduled", true, false, true],
    ["active", false, false, true],
    ["paused", true, true, true],
    ["completed", false, true, false],
    ["failed", false, true, false],
    ["stop", true, false, true],
  ] as const)("%s: edit %s, create segment %s, audience %s", (status, edit, segment, audience) => {
    expect(canEditCampaign(status)).toBe(edit);
    expect(offersCreateSegment(status)).toBe(segment);
    expect(canChangeAudience(status)).toBe(audience);
  });
});

/** Runs a change against `send` and records what the chip showed at each step and the alerts raised. */
async function change(send: () => Promise<CampaignBatchResult>) {
  const campaign = { status: "paused" as const, status_label: "Paused" };
  const chip: string[] = [statusChipView(campaign, false, "Updating...").label];
  const alerts: StatusAlert[] = [];
  const ok = await runStatusChange({
    send,
    setUpdating: (on) => chip.push(statusChipView(campaign, on, "Updating...").label),
    alert: (a) => alerts.push(a),
    doneText: "Status has been updated.",
    failText: (e) => errorMessage(e, "The status could not be changed."),
  });
  return { ok, chip, alerts };
}

describe("a status change", () => {
  it("shows 'Updating...' while it runs, then the earlier status again when it fails, with the server's message", async () => {
    const result = await change(() => Promise.reject(new ApiError(422, "The campaign has no audience.")));
    expect(result.ok).toBe(false);
    expect(result.chip).toEqual(["Paused", "Updating...", "Paused"]);
    expect(result.alerts).toEqual([{ message: "The campaign has no audience.", variant: "error" }]);
  });

  it("alerts each info and each error of the answer", async () => {
    const result = await change(() => Promise.resolve({ info: ["Scheduled for later."], errors: ["Campaign 5 cannot be stopped."] }));
    expect(result.ok).toBe(false);
    expect(result.alerts).toEqual([
      { message: "Scheduled for later.", variant: "info" },
      { message: "Campaign 5 cannot be stopped.", variant: "error" },
    ]);
  });

  it("says it is done when the answer is silent", async () => {
    const result = await change(() => Promise.resolve({ info: [], errors: [] }));
    expect(result.ok).toBe(true);
    expect(result.chip).toEqual(["Paused", "Updating...", "Paused"]);
    expect(result.alerts).toEqual([{ message: "Status has been updated.", variant: "success" }]);
  });
});
