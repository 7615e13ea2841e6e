import { describe, expect, it } from "vitest";
import { tn } from "../../lib/i18n";
import { audiencesMessages } from "./audiences.messages";

describe("audience screen texts", () => {
  it("uses the product's wording", () => {
    expect(audiencesMessages["audiences.removeManyError"]).toBe("Removing segments error");
    expect(audiencesMessages["audiences.refreshQueued"]).toBe("Segments added to refresh queue");
    expect(audiencesMessages["audiences.export.generating"]).toBe("Generating file...");
    expect(audiencesMessages["audiences.dialog.dynamic"]).toBe("Update dynamically");
  });

  it("names what was deleted: audiences from the audiences page and an audience's page, a segment from its own", () => {
    expect(audiencesMessages["audiences.deleted"]).toBe("Audience deleted.");
    expect(audiencesMessages["audiences.segmentDeleted"]).toBe("Segment deleted.");
    expect(tn("audiences.deletedMany", 1, { count: 1 })).toBe("Audience deleted.");
    expect(tn("audiences.deletedMany", 3, { count: 3 })).toBe("3 audiences deleted.");
  });
});
