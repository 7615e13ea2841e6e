import { describe, expect, it } from "vitest";
import { viewerDocument } from "./email-viewer";

describe("the email body viewer's document", () => {
  it("wraps long text: its style goes into the head, after a doctype, or first", () => {
    const full = viewerDocument(
      '<!doctype html><html><head><title>x</title></head><body><a href="#">https://a.test/unsubscribe/1?sig=abc</a></body></html>',
    );
    expect(full).toMatch(/^<!doctype html><html><head><style>[^<]*overflow-wrap:anywhere/);
    expect(full).toContain("<title>x</title>");
    expect(viewerDocument("<!DOCTYPE html><p>Hi</p>")).toMatch(/^<!DOCTYPE html><style>.*<\/style><p>Hi<\/p>$/);
    expect(viewerDocument("<p>Hi</p>")).toMatch(/^<style>.*<\/style><p>Hi<\/p>$/);
  });
});
