import type { SenderEmailGroup, SpamEmailGroup } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { renderRows } from "../../../components/data-table/data-table.testkit";
import { senderGroupColumns } from "./sender-group-columns";
import { spamGroupColumns } from "./spam-group-columns";

const noop = () => undefined;
const actions = { onEdit: noop, onDelete: noop };

describe("Spam Email Groups table", () => {
  const group: SpamEmailGroup = {
    id: 1,
    name: "Seeds",
    emails: [
      { id: 1, email: "first@example.com" },
      { id: 2, email: "second@example.com" },
      { id: 3, email: "third@example.com" },
    ],
  };
  const html = renderRows({ label: "Spam", columns: spamGroupColumns, context: actions, rows: [group] });

  it("shows the product's headers and the first email with '+N more' for the rest, collapsed", () => {
    expect(html).toContain(">Spam Email Group Name<");
    expect(html).toContain(">List Of Emails<");
    expect(html).toContain("first@example.com");
    expect(html).toContain("+2 more");
    expect(html).not.toContain("second@example.com");
    expect(html).toContain('aria-label="Edit Seeds"');
    expect(html).toContain('aria-label="Delete Seeds"');
  });
});

describe("Sender Email Groups table", () => {
  const group: SenderEmailGroup = {
    id: 2,
    name: "Support",
    count: 3,
    usernames: [
      { id: 1, from_name: "Acme Support", user_name: "help" },
      { id: 2, from_name: "Acme Support", user_name: "support" },
      { id: 3, from_name: "Jane", user_name: "jane" },
    ],
  };
  const html = renderRows({ label: "Sender", columns: senderGroupColumns, context: actions, rows: [group] });

  it("shows Name, Names, Username and Count, each list as its first item and +N", () => {
    for (const header of ["Name", "Names", "Username", "Count"]) expect(html).toContain(`>${header}<`);
    // Two distinct from names: the first and +1; three user names: the first and +2.
    expect(html).toContain("Acme Support");
    expect(html).toContain(">+1<");
    expect(html).toContain(">help<");
    expect(html).toContain(">+2<");
    expect(html).not.toContain("support<");
    expect(html).toContain(">3<");
  });
});
