import type { ImportUploadResponse, LeadAttribute } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { NO_LOOKUPS } from "../../../components/lookup-toggles/lookup-options";
import {
  attributesToCreate,
  choiceFromValue,
  choiceValue,
  initialRows,
  type MappingRow,
  mappingProblems,
  pairCreated,
  syncRequest,
} from "./mapping";

const attr = (id: number, name: string, type: LeadAttribute["type"] = "string", sort_order = id) => ({ id, name, type, sort_order });
const ATTRS = [attr(1, "Phone", "phone"), attr(2, "Email", "email"), attr(3, "First Name"), attr(4, "Zip")];

const row = (columnId: number, choice: MappingRow["choice"], heading = `col${columnId}`): MappingRow => ({
  columnId,
  heading,
  sample: "",
  suggestedName: heading,
  suggestedType: "string",
  choice,
});

function upload(mapping: ImportUploadResponse["mapping"], rows: string[][]): ImportUploadResponse {
  return { data: { preview: { headings: mapping.map((m) => m.heading), rows, encoding: "utf-8", delimiter: "," } }, mapping } as never;
}

describe("initialRows", () => {
  const answer = upload(
    [
      {
        processing_document_attribute_id: 11,
        heading: "email",
        col_position: 1,
        lead_attribute_id: 2,
        suggested_name: "Email",
        consent_field: null,
        suggested_type: "email",
      },
      {
        processing_document_attribute_id: 10,
        heading: "mobile",
        col_position: 0,
        lead_attribute_id: 1,
        suggested_name: "Phone",
        consent_field: null,
        suggested_type: "phone",
      },
      {
        processing_document_attribute_id: 12,
        heading: "utm source",
        col_position: 2,
        lead_attribute_id: null,
        suggested_name: "Utm Source",
        consent_field: null,
        suggested_type: "string",
      },
      {
        processing_document_attribute_id: 13,
        heading: "gone",
        col_position: 3,
        lead_attribute_id: 99,
        suggested_name: "Gone",
        consent_field: null,
        suggested_type: "string",
      },
    ],
    [
      ["", "", "  ", ""],
      ["5550100", "a@b.co", "fb", ""],
    ],
  );
  const rows = initialRows(answer, ATTRS);

  it("orders rows by column position", () => expect(rows.map((r) => r.columnId)).toEqual([10, 11, 12, 13]));
  it("takes the first non-empty preview cell as the sample", () =>
    expect(rows.map((r) => r.sample)).toEqual(["5550100", "a@b.co", "fb", ""]));
  it.each([
    [0, { kind: "attribute", attributeId: 1 }],
    [1, { kind: "attribute", attributeId: 2 }],
    [2, { kind: "new", name: "Utm Source", type: "string" }],
    // A suggested attribute that no longer exists falls back to 'New'.
    [3, { kind: "new", name: "Gone", type: "string" }],
  ])("row %i is pre-filled with %j", (i, choice) => expect(rows[i]!.choice).toEqual(choice));
});

describe("choice select values", () => {
  const r = row(1, { kind: "new", name: "Custom", type: "string" });
  it.each([
    [{ kind: "ignore" } as const, "ignore"],
    [{ kind: "attribute", attributeId: 7 } as const, "a:7"],
    [{ kind: "new", name: "x", type: "string" } as const, "new"],
  ])("%j ⇄ %s", (choice, value) => {
    expect(choiceValue(choice)).toBe(value);
    expect(choiceFromValue(value, row(1, choice))).toEqual(choice);
  });
  it("keeps a typed name when 'New' is chosen again", () => expect(choiceFromValue("new", r)).toEqual(r.choice));
  it("offers the suggested name when switching to 'New'", () =>
    expect(choiceFromValue("new", { ...row(2, { kind: "ignore" }), suggestedName: "Zip Code" })).toEqual({
      kind: "new",
      name: "Zip Code",
      type: "string",
    }));
});

describe("attributesToCreate", () => {
  it("creates each new name once, reuses existing names in any case, continues the sort order", () => {
    const rows = [
      row(1, { kind: "attribute", attributeId: 1 }),
      row(2, { kind: "new", name: " zip ", type: "string" }),
      row(3, { kind: "new", name: "City", type: "string" }),
      row(4, { kind: "new", name: "city", type: "string" }),
      row(5, { kind: "new", name: "State", type: "string" }),
      row(6, { kind: "new", name: "  ", type: "string" }),
      row(7, { kind: "ignore" }),
    ];
    expect(attributesToCreate(rows, ATTRS)).toEqual([
      { name: "City", sort_order: 5, type: "string" },
      { name: "State", sort_order: 6, type: "string" },
    ]);
  });
  it("starts after the largest sort order when it exceeds the count", () =>
    expect(attributesToCreate([row(1, { kind: "new", name: "A", type: "string" })], [attr(1, "Phone", "phone", 40)])[0]!.sort_order).toBe(
      41,
    ));
  it("starts at 0 with no attributes", () =>
    expect(attributesToCreate([row(1, { kind: "new", name: "A", type: "string" })], [])[0]!.sort_order).toBe(0));
  it("continues 0-based orders at the count", () =>
    expect(
      attributesToCreate(
        [row(1, { kind: "new", name: "A", type: "string" })],
        [attr(1, "Phone", "phone", 0), attr(2, "Email", "email", 1)],
      )[0]!.sort_order,
    ).toBe(2));
});

describe("mappingProblems", () => {
  it.each<[string, MappingRow[], string[]]>([
    ["a phone column", [row(1, { kind: "attribute", attributeId: 1 })], []],
    ["an email column", [row(1, { kind: "attribute", attributeId: 2 })], []],
    ["only text columns", [row(1, { kind: "attribute", attributeId: 3 }), row(2, { kind: "ignore" })], ["needPhoneOrEmail"]],
    ["everything ignored", [row(1, { kind: "ignore" })], ["needPhoneOrEmail"]],
    ["a new name that is the Email attribute", [row(1, { kind: "new", name: "EMAIL", type: "string" })], []],
    ["a new phone-typed column", [row(1, { kind: "new", name: "Mobile 2", type: "phone" })], []],
    [
      "a new column without a name",
      [row(1, { kind: "attribute", attributeId: 1 }), row(2, { kind: "new", name: " ", type: "string" })],
      ["nameRequired"],
    ],
  ])("%s → %j", (_label, rows, kinds) => expect(mappingProblems(rows, ATTRS).map((p) => p.kind)).toEqual(kinds));
});

describe("syncRequest", () => {
  const rows = [
    row(10, { kind: "attribute", attributeId: 1 }),
    row(11, { kind: "ignore" }),
    row(12, { kind: "new", name: "zip", type: "string" }),
    row(13, { kind: "new", name: "City", type: "string" }),
    row(14, { kind: "new", name: "Mobile 2", type: "phone" }),
  ];
  // The server answers a phone-typed new attribute with the system Phone: pairing is by position, not by name.
  const created = pairCreated(
    [
      { name: "City", sort_order: 5 },
      { name: "Mobile 2", sort_order: 6, type: "phone" },
    ],
    [{ id: 20 }, { id: 1 }],
  );

  it("maps every column, Ignore as null, new names to their ids", () =>
    expect(syncRequest(rows, ATTRS, created, NO_LOOKUPS).attributes).toEqual([
      { processing_document_attribute_id: 10, lead_attribute_id: 1, consent_field: null },
      { processing_document_attribute_id: 11, lead_attribute_id: null, consent_field: null },
      { processing_document_attribute_id: 12, lead_attribute_id: 4, consent_field: null },
      { processing_document_attribute_id: 13, lead_attribute_id: 20, consent_field: null },
      { processing_document_attribute_id: 14, lead_attribute_id: 1, consent_field: null },
    ]));

  it("sends a gateway only with its toggle on", () => {
    const req = syncRequest(rows.slice(0, 1), ATTRS, [], {
      check_mobile_status: true,
      sms_lookup_gateway_id: 5,
      check_sms_dnc: false,
      sms_dnc_gateway_id: 6,
      check_email_status: true,
      email_lookup_gateway_id: null,
    });
    expect(req).toMatchObject({
      check_mobile_status: true,
      sms_lookup_gateway_id: 5,
      check_sms_dnc: false,
      sms_dnc_gateway_id: null,
      check_email_status: true,
      email_lookup_gateway_id: null,
    });
  });

  it("refuses a new name that was not created", () => expect(() => syncRequest(rows, ATTRS, [], NO_LOOKUPS)).toThrow(/City/));
  it("refuses an answer of another length", () => expect(() => pairCreated([{ name: "A" }], [])).toThrow());
});

describe("consent columns", () => {
  const suggestion = (id: number, heading: string, consent: "trusted_form_cert_url" | "ip" | null, attributeId: number | null = null) => ({
    processing_document_attribute_id: id,
    heading,
    col_position: id,
    lead_attribute_id: attributeId,
    suggested_name: heading,
    consent_field: consent,
    suggested_type: "string" as const,
  });
  const rows = initialRows(
    upload(
      [
        suggestion(0, "Phone", null, 1),
        suggestion(1, "TrustedForm Cert URL", "trusted_form_cert_url"),
        suggestion(2, "Opt-in IP", "ip"),
        suggestion(3, "Notes", null),
      ],
      [["5552010001", "https://cert.trustedform.com/abc", "203.0.113.7", ""]],
    ),
    ATTRS,
  );

  it("pre-selects the consent field of a recognised heading", () =>
    expect(rows.map((r) => r.choice.kind)).toEqual(["attribute", "consent", "consent", "new"]));

  it("round-trips a consent choice through the select's value", () => {
    expect(choiceValue({ kind: "consent", field: "leadid_token" })).toBe("c:leadid_token");
    expect(choiceFromValue("c:leadid_token", rows[3]!)).toEqual({ kind: "consent", field: "leadid_token" });
    expect(choiceFromValue("c:nonsense", rows[3]!)).toEqual({ kind: "ignore" });
  });

  it("sends consent columns with their field and no attribute, and creates no attribute for them", () => {
    expect(attributesToCreate(rows, ATTRS)).toEqual([{ name: "Notes", sort_order: 5, type: "string" }]);
    expect(syncRequest(rows, ATTRS, [{ name: "Notes", id: 30 }], NO_LOOKUPS).attributes).toEqual([
      { processing_document_attribute_id: 0, lead_attribute_id: 1, consent_field: null },
      { processing_document_attribute_id: 1, lead_attribute_id: null, consent_field: "trusted_form_cert_url" },
      { processing_document_attribute_id: 2, lead_attribute_id: null, consent_field: "ip" },
      { processing_document_attribute_id: 3, lead_attribute_id: 30, consent_field: null },
    ]);
  });

  it("does not count a consent column as the phone or email a row needs", () =>
    expect(mappingProblems([row(1, { kind: "consent", field: "ip" })], ATTRS)).toEqual([{ kind: "needPhoneOrEmail" }]));

  it("flags a consent value given by two columns, from the second on", () =>
    expect(
      mappingProblems(
        [row(1, { kind: "attribute", attributeId: 1 }), row(2, { kind: "consent", field: "ip" }), row(3, { kind: "consent", field: "ip" })],
        ATTRS,
      ),
    ).toEqual([{ kind: "consentTwice", columnId: 3, field: "ip" }]));
});
