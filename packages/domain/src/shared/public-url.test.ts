import { describe, expect, it } from "vitest";
import { isPublicIp, publicUrlProblem } from "./public-url";

const noDns = async () => {
  throw new Error("offline");
};

describe("publicUrlProblem", () => {
  it.each([
    ["https://api.example.com/v1", null],
    ["https://93.184.215.14/", null],
    ["https://[2606:4700::1111]/", null],
    ["https://api.example.com:8443/", null],
    ["not a url", "not_url"],
    ["http://api.example.com", "not_https"],
    ["ftp://api.example.com", "not_https"],
    ["https://user:pass@api.example.com", "credentials"],
    ["https://localhost/", "private"],
    ["https://LOCALHOST./", "private"],
    ["https://app.localhost/", "private"],
    ["https://printer.local/", "private"],
    ["https://metadata.google.internal/", "private"],
    ["https://intranet/", "private"],
    ["https://127.0.0.1/", "private"],
    ["https://127.0.0.1./", "private"],
    ["https://10.1.2.3/", "private"],
    ["https://172.20.0.1/", "private"],
    ["https://192.168.1.1/", "private"],
    ["https://169.254.169.254/latest/meta-data", "private"],
    ["https://100.100.100.200/", "private"],
    ["https://0.0.0.0/", "private"],
    ["https://[::1]/", "private"],
    ["https://[::]/", "private"],
    ["https://[::ffff:127.0.0.1]/", "private"],
    ["https://[::ffff:a9fe:a9fe]/", "private"],
    ["https://[fd00:ec2::254]/", "private"],
    ["https://[fe80::1]/", "private"],
    ["https://[64:ff9b::a9fe:a9fe]/", "private"],
    ["https://2130706433/", "numeric_form"],
    ["https://0x7f000001/", "numeric_form"],
    ["https://0x7f.0.0.1/", "numeric_form"],
    ["https://0177.0.0.1/", "numeric_form"],
    ["https://127.1/", "numeric_form"],
    ["https://1572395042/", "numeric_form"],
  ])("%s → %s", async (url, problem) => {
    expect(await publicUrlProblem(url, noDns)).toBe(problem);
  });

  it("refuses a name that resolves to a private address, and lets an unresolvable one through", async () => {
    expect(await publicUrlProblem("https://rebind.example.com/", async () => ["93.184.215.14", "127.0.0.1"])).toBe("private");
    expect(await publicUrlProblem("https://api.example.com/", async () => ["93.184.215.14"])).toBeNull();
    expect(await publicUrlProblem("https://api.example.com/", noDns)).toBeNull();
  });

  it("classifies addresses", () => {
    expect(isPublicIp("8.8.8.8")).toBe(true);
    expect(isPublicIp("not-an-ip")).toBe(false);
    expect(isPublicIp("::ffff:10.0.0.1")).toBe(false);
  });
});
