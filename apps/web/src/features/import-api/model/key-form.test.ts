import type { ImportListRecord } from "@leadflow/contracts";
import { SaveImportList } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { placeServerErrors } from "../../../components/form/server-errors";
import {
  EMPTY_KEY_FORM,
  KEY_FORM_ERROR_FIELDS,
  keyFormFromRecord,
  keyFormSchema,
  listAfterSourceChange,
  shortKey,
  toSaveRequest,
} from "./key-form";

const web = { id: 1, name: "Web" };
const ads = { id: 2, name: "Ads" };
const spring = { id: 10, name: "Spring" };

describe("changing the source", () => {
  it("clears the list when another source is chosen", () => expect(listAfterSourceChange(web, ads, spring)).toBeNull());
  it("clears the list when the source is cleared", () => expect(listAfterSourceChange(web, null, spring)).toBeNull());
  it("keeps the list when the same source is chosen again", () => expect(listAfterSourceChange(web, { ...web }, spring)).toEqual(spring));
  it("has nothing to keep before a source", () => expect(listAfterSourceChange(null, web, null)).toBeNull());
});

const schema = keyFormSchema({ sourceRequired: "source!", listRequired: "list!" });

describe("the form schema", () => {
  it("needs a name, a source and a list", () => {
    const r = schema.safeParse(EMPTY_KEY_FORM);
    expect(r.success).toBe(false);
    const byPath = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(byPath).toEqual({ name: "The name field is required.", source: "source!", list: "list!" });
  });

  it("accepts a complete form", () =>
    expect(schema.safeParse({ ...EMPTY_KEY_FORM, name: "Web form", source: web, list: spring }).success).toBe(true));
});

describe("the request", () => {
  it("is what the contract accepts, with blank statuses as null and gateways only under an active lookup", () => {
    const req = toSaveRequest({
      ...EMPTY_KEY_FORM,
      name: "  Web form ",
      source: web,
      list: spring,
      lookups: {
        check_mobile_status: true,
        check_sms_dnc: false,
        check_email_status: false,
        sms_lookup_gateway_id: 5,
        sms_dnc_gateway_id: 6,
        email_lookup_gateway_id: null,
      },
      lead_status: 1,
    });
    expect(req).toEqual({
      name: "Web form",
      source_id: 1,
      list_id: 10,
      check_mobile_status: true,
      check_sms_dnc: false,
      check_email_status: false,
      sms_lookup_gateway_id: 5,
      sms_dnc_gateway_id: null,
      email_lookup_gateway_id: null,
      lead_status: 1,
      email_status: null,
      phone_status: null,
    });
    expect(SaveImportList.safeParse(req).success).toBe(true);
  });

  it("round-trips a saved key", () => {
    const record: ImportListRecord = {
      id: 3,
      name: "Partner",
      source_id: 2,
      source: ads,
      list_id: 10,
      list: spring,
      api_key: "k",
      check_mobile_status: false,
      check_sms_dnc: true,
      check_email_status: true,
      sms_lookup_gateway_id: null,
      sms_dnc_gateway_id: null,
      email_lookup_gateway_id: 4,
      lead_status: null,
      email_status: 2,
      phone_status: 6,
      created_at: "",
      updated_at: "",
    };
    expect(toSaveRequest(keyFormFromRecord(record))).toMatchObject({
      source_id: 2,
      list_id: 10,
      check_sms_dnc: true,
      email_lookup_gateway_id: 4,
      lead_status: null,
      email_status: 2,
      phone_status: 6,
    });
  });
});

describe("server field errors", () => {
  it("land under the dialog's fields; unknown ones are kept apart", () =>
    expect(
      placeServerErrors(
        {
          name: ["Taken."],
          list_id: ["The list field is required.", "second"],
          source_id: ["The source does not own the list."],
          sms_lookup_gateway_id: ["Unknown gateway."],
          other: ["Something else."],
        },
        KEY_FORM_ERROR_FIELDS,
      ),
    ).toEqual({
      fields: {
        name: "Taken.",
        list: "The list field is required.",
        source: "The source does not own the list.",
        lookups: "Unknown gateway.",
      },
      rest: ["Something else."],
    }));
});

describe("shortKey", () => {
  it.each([
    ["abc", "abc"],
    ["0123456789abcdef", "0123456789abcdef"],
    ["0123456789abcdefghijklmnopqrstuv", "01234567…qrstuv"],
  ])("%s → %s", (key, short) => expect(shortKey(key)).toBe(short));
});
