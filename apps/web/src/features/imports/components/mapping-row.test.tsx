import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { MappingRow as Row } from "../model/mapping";
import { MappingRow } from "./mapping-row";

const row = (choice: Row["choice"]): Row => ({
  columnId: 3,
  heading: "TrustedForm Cert URL",
  sample: "https://cert.trustedform.com/abc",
  suggestedName: "Trusted Form Cert Url",
  suggestedType: "string",
  choice,
});
const render = (r: Row, consentTwice = false) =>
  renderToStaticMarkup(<MappingRow row={r} attributes={[]} onChange={() => undefined} consentTwice={consentTwice} />);

describe("MappingRow", () => {
  it("shows a consent target by its name and says where the value goes", () => {
    const html = render(row({ kind: "consent", field: "trusted_form_cert_url" }));
    expect(html).toContain("TrustedForm cert URL");
    expect(html).toContain("Kept on the lead&#x27;s consent record, not as an attribute.");
    expect(html).not.toContain("New attribute name");
  });

  it("marks a consent value another column already gives", () => {
    const html = render(row({ kind: "consent", field: "ip" }), true);
    expect(html).toContain("Another column already gives this consent value.");
    expect(html).toContain("Mui-error");
  });

  it("asks for a name only for a new attribute", () => {
    expect(render(row({ kind: "new", name: "Cert", type: "string" }))).toContain("New attribute name");
    expect(render(row({ kind: "ignore" }))).not.toContain("consent record");
  });
});
