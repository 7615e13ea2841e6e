import { SaveGateway } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { gatewayValues, maskSecret } from "./gateway-input";
import { EMPTY_SECRETS } from "./gateway-secrets";

const noDns = async () => {
  throw new Error("offline");
};
const save = (body: object) => SaveGateway.parse({ name: "G", ...body });

describe("maskSecret", () => {
  it.each([
    ["", "••••"],
    ["short", "••••"],
    ["1234567", "••••"],
    ["12345678", "••••5678"],
    ["AC0123456789abcdef", "••••cdef"],
  ])("%s → %s", (secret, mask) => expect(maskSecret(secret)).toBe(mask));
});

describe("gatewayValues", () => {
  it("splits plain and secret fields and drops unknown keys", async () => {
    const r = await gatewayValues(
      save({ kind: "sms_lookup", type: "gateway1", params: { sys_id: " AC1 ", auth_token: "tok-123456", evil: "x" } }),
      null,
      noDns,
    );
    expect(r).toMatchObject({ values: { params: { sys_id: "AC1" }, secrets: { params: { auth_token: "tok-123456" }, senders: {} } } });
  });

  it("asks for required fields by label, keyed params.<key>", async () => {
    const r = await gatewayValues(save({ kind: "sms_lookup", type: "gateway1", params: {} }), null, noDns);
    expect(r).toEqual({
      errors: { "params.sys_id": ["The Account SID field is required."], "params.auth_token": ["The Auth Token field is required."] },
    });
  });

  it("refuses a type of another kind", async () => {
    expect(await gatewayValues(save({ kind: "email", type: "gateway1" }), null, noDns)).toEqual({
      errors: { type: ["The selected type is invalid."] },
    });
  });

  it("keeps a saved secret when the mask or nothing comes back, only for the same type", async () => {
    const stored = { kind: "sms_lookup", type: "gateway1", secrets: { params: { auth_token: "saved-secret" }, senders: {} } };
    for (const sent of ["", "••••cret", "••••"]) {
      const r = await gatewayValues(
        save({ kind: "sms_lookup", type: "gateway1", params: { sys_id: "AC1", auth_token: sent } }),
        stored,
        noDns,
      );
      expect(r).toMatchObject({ values: { secrets: { params: { auth_token: "saved-secret" } } } });
    }
    const other = await gatewayValues(
      save({ kind: "sms_lookup", type: "subscriber_verify", params: { api_key: "••••cret" } }),
      { ...stored, secrets: { params: { api_key: "x" }, senders: {} } },
      noDns,
    );
    expect(other).toMatchObject({ errors: { "params.api_key": ["The Api Key field is required."] } });
  });

  it("keeps only the sender groups and columns of the type's shape, with row credentials sealed", async () => {
    const r = await gatewayValues(
      save({
        kind: "sms",
        type: "gateway9",
        senders: {
          list: [{ name: "Main", account_id: "acc-1", api_key: "key-1-secret", number: "ignored" }, { name: "No account" }],
          numbers: [{ number: "+15550001111" }],
        },
      }),
      null,
      noDns,
    );
    expect(r).toMatchObject({
      values: {
        senders: { list: [{ name: "Main", account_id: "acc-1" }], numbers: [] },
        secrets: { params: {}, senders: { "list:acc-1": "key-1-secret" } },
      },
    });
  });

  it("keeps every kind's rate limit (a sending gateway's send rate), and nulls force for kinds that do not look up", async () => {
    const r = await gatewayValues(save({ kind: "email", type: "sandbox", rate_limit: 5, is_force: true }), null, noDns);
    expect(r).toMatchObject({ values: { rateLimit: 5, isForce: false, allowLookup: false } });
    const l = await gatewayValues(save({ kind: "sms_dnc", type: "sandbox", rate_limit: 5, is_force: true }), null, noDns);
    expect(l).toMatchObject({ values: { rateLimit: 5, isForce: true, allowLookup: true } });
  });

  it("checks URL fields", async () => {
    const r = await gatewayValues(
      save({ kind: "sms", type: "gateway14", params: { app_id: "a", base_url: "https://10.0.0.1" } }),
      null,
      noDns,
    );
    expect(r).toEqual({
      errors: { "params.base_url": ["The Base URL must point to a public host, not a local, private or metadata address."] },
    });
    expect(EMPTY_SECRETS).toEqual({ params: {}, senders: {} });
  });
});
