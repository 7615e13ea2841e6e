import type { Gateway } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import {
  emptyGatewayForm,
  formErrorPath,
  gatewayFormFromRecord,
  savedMasks,
  toSaveRequest,
  validateGatewayForm,
  withKind,
  withType,
} from "./gateway-form";

const saved: Gateway = {
  id: 7,
  kind: "sms_lookup",
  name: "Twilio Lookup",
  type: "gateway1",
  type_alias: "Twilio Lookup",
  active: true,
  default: false,
  allow_lookup: false,
  is_force: true,
  rate_limit: 20,
  params: { sys_id: "AC42", auth_token: "••••7777" },
  senders: { numbers: [], pools: [], dids: [], did_groups: [], list: [] },
  out_of_rotation: null,
  senders_out_of_rotation: [],
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

describe("gateway form", () => {
  it("starts a kind with its first provider and that provider's fields", () => {
    const v = emptyGatewayForm("email");
    expect(v).toMatchObject({ kind: "email", type: "aws_ses", params: { key: "", secret: "", region: "" }, rate_limit: "" });
    expect(withKind(v, "sms_dnc")).toMatchObject({ kind: "sms_dnc", type: "black_list_alliance", params: { api_key: "" } });
    expect(withType({ ...v, params: { key: "x", secret: "y", region: "z" } }, "sandbox").params).toEqual({});
  });

  it("edits with secrets empty, their masks as placeholders", () => {
    const v = gatewayFormFromRecord(saved);
    expect(v.params).toEqual({ sys_id: "AC42", auth_token: "" });
    expect(v.rate_limit).toBe("20");
    expect(savedMasks(saved)).toEqual({ auth_token: "••••7777" });
    // An empty secret with a saved one is fine; without a saved one it is required.
    expect(validateGatewayForm(v, savedMasks(saved))).toEqual({});
    expect(validateGatewayForm(v, {})).toEqual({ "params.auth_token": "The Auth Token field is required." });
  });

  it("builds the request: trimmed fields of the type, lookup settings only for lookups, a rate for every kind", () => {
    const v = { ...gatewayFormFromRecord(saved), name: "  Renamed ", params: { sys_id: " AC43 ", auth_token: "", stale: "x" } };
    expect(toSaveRequest(v)).toEqual({
      kind: "sms_lookup",
      type: "gateway1",
      name: "Renamed",
      active: true,
      allow_lookup: false,
      is_force: true,
      rate_limit: 20,
      params: { sys_id: "AC43", auth_token: "" },
      senders: { numbers: [], pools: [], dids: [], did_groups: [], list: [] },
    });
    expect(toSaveRequest({ ...v, rate_limit: " " }).rate_limit).toBeNull();
    const sms = { ...withKind(v, "sms"), is_force: true, rate_limit: "9" };
    expect(toSaveRequest(sms)).toMatchObject({ kind: "sms", type: "gateway1", is_force: false, rate_limit: 9 });
  });

  it("keeps only the sender groups and columns of the provider, without blank rows", () => {
    const v = {
      ...withType(emptyGatewayForm("sms"), "gateway1"),
      senders: {
        numbers: [
          { number: " +15550001111 ", type: "local", name: "dropped" },
          { number: "", type: "" },
        ],
        pools: [{ id: "MG1", name: "Main" }],
        dids: [{ number: "+1555" }],
        did_groups: [],
        list: [],
      },
    };
    expect(toSaveRequest(v).senders).toEqual({
      numbers: [{ number: "+15550001111", type: "local" }],
      pools: [{ id: "MG1", name: "Main" }],
      dids: [],
      did_groups: [],
      list: [],
    });
  });

  it("validates the name and the rate limit like the server", () => {
    const v = { ...emptyGatewayForm("sms_dnc"), type: "sandbox", params: {}, name: " ", rate_limit: "0" };
    expect(validateGatewayForm(v, {})).toEqual({
      name: "The name field is required.",
      rate_limit: "The rate limit must be a whole number from 1 to 1000.",
    });
    expect(validateGatewayForm({ ...v, name: "x", rate_limit: "1000" }, {})).toEqual({});
  });

  it("maps server error keys to form fields", () => {
    expect(formErrorPath("params.base_url")).toBe("params.base_url");
    expect(formErrorPath("type")).toBe("type");
    expect(formErrorPath("senders.numbers.0.number")).toBe("senders.numbers");
    expect(formErrorPath("request")).toBeNull();
  });

  it("starts the consent kinds with their providers' fields and checks their formats", () => {
    const tf = emptyGatewayForm("consent_certificates");
    expect(tf).toMatchObject({ kind: "consent_certificates", type: "trusted_form", params: { api_key: "", insights: "" } });
    const jornaya = withType(tf, "jornaya");
    expect(jornaya.params).toEqual({ account_code: "", audit_key: "", provider_code: "" });
    expect(validateGatewayForm({ ...jornaya, name: "Jornaya" }, {})).toEqual({
      "params.account_code": "The Account Code field is required.",
    });
    const bad = { ...jornaya, name: "Jornaya", params: { account_code: "not a code!", audit_key: "0C3F1A2B-1111-2222-3333-444455556666" } };
    expect(validateGatewayForm(bad, {})).toEqual({ "params.account_code": "Paste the code exactly as Jornaya's Member Portal shows it." });
    expect(validateGatewayForm({ ...tf, name: "TF", params: { api_key: "k", insights: "maybe" } }, {})).toEqual({
      "params.insights": "Type yes or no.",
    });
    expect(withKind(tf, "rnd")).toMatchObject({ kind: "rnd", type: "fcc_rnd", params: { api_key: "" } });
    expect(withType(withKind(tf, "rnd"), "sandbox").params).toEqual({});
  });

  it("sends the consent kinds' lookup settings", () => {
    const v = { ...withType(emptyGatewayForm("rnd"), "sandbox"), name: "RND sandbox" };
    expect(toSaveRequest(v)).toMatchObject({ kind: "rnd", type: "sandbox", name: "RND sandbox", params: {} });
    expect(toSaveRequest(v)).toHaveProperty("is_force");
  });
});
