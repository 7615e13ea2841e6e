import { describe, expect, it } from "vitest";
import { guessAttributeType, normalizeName, suggestMapping } from "./attribute-mapping";

describe("guessAttributeType", () => {
  it.each([
    ["Phone", "phone"],
    ["Phone Number", "phone"],
    ["phone_number", "phone"],
    ["PhoneNumber", "phone"],
    ["Mobile", "phone"],
    ["Mobile #", "phone"],
    ["Cell", "phone"],
    ["Cellphone", "phone"],
    ["Cell Phone Number", "phone"],
    ["Tel.", "phone"],
    ["Telephone", "phone"],
    ["Home Phone", "phone"],
    ["Work Phone 2", "phone"],
    ["Phone1", "phone"],
    ["Phone (2)", "phone"],
    ["Email", "email"],
    ["E-mail", "email"],
    ["E-Mail Address", "email"],
    ["EMAIL_ADDRESS", "email"],
    ["Mail", "email"],
    ["Work Email", "email"],
    ["Phone Type", "string"],
    ["Email Opt In", "string"],
    ["First Name", "string"],
    ["Notes", "string"],
  ])("%j → %s", (heading, type) => {
    expect(guessAttributeType(heading)).toBe(type);
  });
});

describe("normalizeName", () => {
  it.each([
    ["FirstName", "first name"],
    ["ZIPCode", "zip code"],
    ["e-mail_address", "e mail address"],
    ["Phone1", "phone 1"],
    ["  Côte  d'Ivoire ", "cote d ivoire"],
  ])("%j → %j", (name, want) => {
    expect(normalizeName(name)).toBe(want);
  });
});

describe("suggestMapping", () => {
  const attributes = [
    { id: 1, name: "Phone", type: "phone" },
    { id: 2, name: "Email", type: "email" },
    { id: 3, name: "First Name", type: "string" },
    { id: 4, name: "Last Name", type: "string" },
    { id: 5, name: "Zip", type: "string" },
    { id: 6, name: "State", type: "string" },
    { id: 7, name: "City", type: "string" },
    { id: 8, name: "Address", type: "string" },
    { id: 9, name: "Date of Birth", type: "string" },
  ];

  it.each([
    ["phone", 1],
    ["Phone Number", 1],
    ["mobile", 1],
    ["cell", 1],
    ["cellphone", 1],
    ["tel", 1],
    ["telephone", 1],
    ["email", 2],
    ["e-mail", 2],
    ["Email Address", 2],
    ["mail", 2],
    ["first name", 3],
    ["firstname", 3],
    ["fname", 3],
    ["Given Name", 3],
    ["last name", 4],
    ["surname", 4],
    ["lname", 4],
    ["zip", 5],
    ["Zip Code", 5],
    ["Postal Code", 5],
    ["postcode", 5],
    ["state", 6],
    ["region", 6],
    ["province", 6],
    ["city", 7],
    ["town", 7],
    ["address", 8],
    ["street", 8],
    ["DOB", 9],
    ["birthday", 9],
    ["date of birth", 9],
    ["Notes", null],
  ])("%j → attribute %j", (heading, id) => {
    expect(suggestMapping([heading], attributes)[0]!.attribute_id).toBe(id);
  });

  it("prefers exact names over synonyms and suggests each attribute once", () => {
    const got = suggestMapping(
      ["Mobile", "Phone", "Phone (2)", "fname", "Notes", "Notes"],
      [
        { id: 1, name: "Phone", type: "phone" },
        { id: 2, name: "Phone 2", type: "phone" },
      ],
    );
    expect(got).toEqual([
      { heading: "Mobile", attribute_id: null, suggested_name: "Mobile" },
      { heading: "Phone", attribute_id: 1, suggested_name: "Phone" },
      { heading: "Phone (2)", attribute_id: 2, suggested_name: "Phone 2" },
      { heading: "fname", attribute_id: null, suggested_name: "First Name" },
      { heading: "Notes", attribute_id: null, suggested_name: "Notes" },
      { heading: "Notes", attribute_id: null, suggested_name: "Notes (2)" },
    ]);
  });

  it("prefers an attribute of the matching type among synonyms", () => {
    const got = suggestMapping(
      ["Cell"],
      [
        { id: 1, name: "Mobile Carrier", type: "string" },
        { id: 2, name: "Telephone", type: "string" },
        { id: 3, name: "Mobile", type: "phone" },
      ],
    );
    expect(got[0]!.attribute_id).toBe(3);
  });
});
