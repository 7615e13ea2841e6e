import { describe, expect, it } from "vitest";
import { AppError } from "../shared/errors";
import { appHostOf, lookupHost, normalizeShortHost } from "./short-host";

const APP = "app.leadflow.io";

function refusal(raw: string): string | undefined {
  try {
    normalizeShortHost(raw, APP);
    return undefined;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    expect(e.status).toBe(422);
    expect(e.errors?.url).toEqual([e.message]);
    return e.code;
  }
}

describe("normalizeShortHost", () => {
  it.each([
    ["links.example.com", "links.example.com"],
    ["  Links.Example.COM  ", "links.example.com"],
    ["https://Links.Example.com:8443/some/path?x=1#top", "links.example.com"],
    ["http://go.brand.co/", "go.brand.co"],
    ["go.brand.co:443", "go.brand.co"],
    ["go.brand.co/abc", "go.brand.co"],
    ["go.brand.co.", "go.brand.co"],
    ["bücher.de", "xn--bcher-kva.de"],
    ["https://МОЙ-сайт.рф/x", "xn----8sbzclmxk.xn--p1ai"],
    ["a-b.c-d.example.org", "a-b.c-d.example.org"],
  ])("%s → %s", (raw, host) => {
    expect(normalizeShortHost(raw, APP)).toBe(host);
  });

  it.each([
    ["", "short_url_host_invalid"],
    ["not a domain", "short_url_host_invalid"],
    ["nodot", "short_url_host_invalid"],
    ["-bad.example.com", "short_url_host_invalid"],
    ["under_score.example.com", "short_url_host_invalid"],
    ["ftp://files.example.com", "short_url_host_invalid"],
    ["1.2.3.4.5", "short_url_host_invalid"],
    [`${"a".repeat(64)}.com`, "short_url_host_invalid"],
    ["203.0.113.9", "short_url_host_ip"],
    ["http://8.8.8.8/x", "short_url_host_ip"],
    ["0x7f.1", "short_url_host_ip"],
    ["[2001:db8::1]", "short_url_host_ip"],
    ["localhost", "short_url_host_local"],
    ["http://localhost:3000", "short_url_host_local"],
    ["printer.local", "short_url_host_local"],
    ["db.internal", "short_url_host_local"],
    ["my.site.test", "short_url_host_local"],
    ["app.leadflow.io", "short_url_host_app"],
    ["https://APP.leadflow.io/u/0/settings", "short_url_host_app"],
  ])("refuses %j (%s)", (raw, code) => {
    expect(refusal(raw)).toBe(code);
  });
});

describe("appHostOf and lookupHost", () => {
  it("reads the app's host as a domain is stored", () => {
    expect(appHostOf("https://App.Leadflow.io:8443/base")).toBe("app.leadflow.io");
    expect(appHostOf("http://localhost:3000")).toBe("localhost");
  });
  it("reads a Host header or SNI for a lookup", () => {
    expect(lookupHost("Links.Example.com:443")).toBe("links.example.com");
    expect(lookupHost("links.example.com.")).toBe("links.example.com");
  });
});
