import { describe, expect, it } from "vitest";
import { offersCreateSegment } from "./campaign-actions";
import {
  CreateSegmentForm,
  type CreateSegmentValues,
  canCreateSegment,
  engagementOptions,
  newSegmentValues,
  segmentPath,
  statusOptions,
} from "./create-segment";

const values = (over: Partial<CreateSegmentValues> = {}): CreateSegmentValues => ({
  ...newSegmentValues([{ id: 7 }, { id: 9 }]),
  name: "Clicked",
  ...over,
});

describe("Create Segment form", () => {
  it("starts on the first audience, 'Update dynamically' on, nothing chosen", () => {
    expect(newSegmentValues([{ id: 7 }, { id: 9 }])).toEqual({ audience_id: 7, name: "", dynamic: true, sms_status: [], engagement: [] });
    expect(newSegmentValues([]).audience_id).toBe("");
  });

  it("sends 'Update dynamically' as its inverse, ignore_new_leads", () => {
    expect(CreateSegmentForm.parse(values({ engagement: ["clicked", "last_90_days"] }))).toEqual({
      audience_id: 7,
      name: "Clicked",
      ignore_new_leads: false,
      sms_status: [],
      engagement: ["clicked", "last_90_days"],
    });
    expect(CreateSegmentForm.parse(values({ dynamic: false, sms_status: ["failed"] }))).toMatchObject({
      ignore_new_leads: true,
      sms_status: ["failed"],
    });
  });

  it("says what is missing as the server would", () => {
    const result = CreateSegmentForm.safeParse(values({ name: " ", audience_id: "" }));
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({ audience_id: "Choose an audience.", name: "The name field is required." });
  });

  it("may be submitted once a status or an engagement is chosen, and not while a status update runs", () => {
    expect(canCreateSegment({ sms_status: [], engagement: [] }, false)).toBe(false);
    expect(canCreateSegment({ sms_status: ["delivered"], engagement: [] }, false)).toBe(true);
    expect(canCreateSegment({ sms_status: [], engagement: ["last_90_days"] }, false)).toBe(true);
    expect(canCreateSegment({ sms_status: ["delivered"], engagement: ["clicked"] }, true)).toBe(false);
  });

  it("offers an email campaign the product's engagement choices with readable labels, and its message statuses", () => {
    expect(engagementOptions("email").map((o) => o.label)).toEqual([
      "Clicked",
      "Last 90 days",
      "Unsubscribe",
      "Non-clicked",
      "Opened",
      "Bounced",
      "Complained",
    ]);
    expect(engagementOptions("email").map((o) => o.value)).toEqual([
      "clicked",
      "last_90_days",
      "unsubscribe",
      "non_clicked",
      "opened",
      "bounced",
      "complained",
    ]);
    expect(statusOptions("email").map((o) => o.label)).toEqual(["Queued", "Sent", "Delivered", "Failed"]);
  });

  it("offers a text campaign the carrier's outcomes and none of email's engagements", () => {
    expect(statusOptions("sms").map((o) => o.label)).toEqual([
      "Queued",
      "Sent",
      "Delivered",
      "Failed",
      "Blocked by carrier",
      "Inactive device",
    ]);
    expect(engagementOptions("sms").map((o) => o.value)).toEqual(["clicked", "last_90_days", "unsubscribe", "non_clicked"]);
  });

  it("goes to the segment under its audience", () => {
    expect(segmentPath({ id: 12, parent: { id: 7 } })).toBe("audiences/7/segments/12");
  });

  it("is offered for completed, failed and paused campaigns only", () => {
    expect(["completed", "failed", "paused"].every((s) => offersCreateSegment(s as never))).toBe(true);
    expect(["active", "draft", "scheduled", "processing", "stop"].some((s) => offersCreateSegment(s as never))).toBe(false);
  });
});
