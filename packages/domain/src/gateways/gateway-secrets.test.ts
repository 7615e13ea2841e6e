import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptWithKey, encryptWithKey, secretsKeyFromEnv } from "./gateway-secrets";

describe("gateway secrets", () => {
  const key = randomBytes(32);
  it("round-trips, with a fresh IV each time", () => {
    const a = encryptWithKey(key, { params: { auth_token: "tok" } });
    const b = encryptWithKey(key, { params: { auth_token: "tok" } });
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain("tok");
    expect(decryptWithKey(key, a)).toEqual({ params: { auth_token: "tok" } });
  });
  it("refuses a tampered value or another key", () => {
    const sealed = encryptWithKey(key, { x: "secret value" });
    const [v, iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptWithKey(key, [v, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
    expect(() => decryptWithKey(randomBytes(32), sealed)).toThrow();
    expect(() => decryptWithKey(key, "v0.a.b.c")).toThrow(/format/);
  });
  it("reads the key from LEADFLOW_SECRETS_KEY", () => {
    expect(secretsKeyFromEnv({})).toBeNull();
    expect(secretsKeyFromEnv({ LEADFLOW_SECRETS_KEY: "ab".repeat(32) })?.length).toBe(32);
    expect(() => secretsKeyFromEnv({ LEADFLOW_SECRETS_KEY: "short" })).toThrow(/64 hexadecimal/);
  });
});
