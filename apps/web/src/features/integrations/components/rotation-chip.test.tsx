import type { Gateway } from "@leadflow/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RotationChip } from "./rotation-chip";

const gateway: Gateway = {
  id: 4,
  kind: "sms",
  name: "Main Twilio",
  type: "gateway1",
  type_alias: "Twilio",
  active: true,
  default: false,
  allow_lookup: false,
  is_force: false,
  rate_limit: null,
  params: {},
  senders: { numbers: [], pools: [], dids: [], did_groups: [], list: [] },
  out_of_rotation: null,
  senders_out_of_rotation: [],
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};
const until = "2026-11-27T10:00:00.000Z";
const chip = (g: Partial<Gateway>) => renderToStaticMarkup(<RotationChip g={{ ...gateway, ...g }} onPutBack={() => {}} />);

describe("RotationChip", () => {
  it("shows nothing for a gateway in rotation", () => {
    expect(chip({})).toBe("");
  });

  it("says the gateway is out, or how many of its senders are, and offers to put it back", () => {
    const out = chip({ out_of_rotation: { until, reason: "Carriers blocked 35% of its last 240 messages." } });
    expect(out).toContain("Out of rotation");
    expect(out).toContain('aria-label="Put Main Twilio back in rotation"');
    const one = chip({ senders_out_of_rotation: [{ sender: "+12015550101", until, reason: "r" }] });
    expect(one).toContain("1 sender out of rotation");
    const two = chip({
      senders_out_of_rotation: [
        { sender: "+12015550101", until, reason: "r" },
        { sender: "+12015550102", until, reason: "r" },
      ],
    });
    expect(two).toContain("2 senders out of rotation");
  });

  it("only tells on a platform gateway: the platform puts it back", () => {
    const out = chip({ default: true, out_of_rotation: { until, reason: "r" } });
    expect(out).toContain("Out of rotation");
    expect(out).not.toContain("back in rotation");
  });
});
