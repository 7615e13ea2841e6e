import type { Keyword } from "@leadflow/contracts";
import { describe, expect, it } from "vitest";
import { renderRows } from "../../../components/data-table/data-table.testkit";
import { type KeywordRow, keywordName } from "../api/keywords.api";
import { keywordColumns } from "./keyword-columns";

const noop = () => undefined;
const row = (k: Keyword): KeywordRow => ({ ...k, name: keywordName(k) });

const stop = row({
  id: 1,
  values: { values: ["STOP", "QUIT"], phones: ["*"] },
  is_system: true,
  gateway: null,
  response_message: "You have been unsubscribed.",
  action: "stop",
  list: null,
  double_opt_in: false,
  automation_campaign_id: null,
  created_at: "2026-01-01T00:00:00Z",
});
const join = row({
  id: 9,
  values: { values: ["JOIN", "VIP"], phones: ["+12124567890", "+12124567891", "+12124567892"] },
  is_system: false,
  gateway: { id: 3, name: "Twilio main" },
  response_message: "Welcome to the VIP list!",
  action: "subscribe",
  list: { id: 4, name: "VIP" },
  double_opt_in: false,
  automation_campaign_id: null,
  created_at: "2026-01-01T00:00:00Z",
});

const render = (rows: KeywordRow[]) =>
  renderRows({ label: "Keywords", columns: keywordColumns, context: { onEdit: noop, onDelete: noop }, rows });

describe("Keywords table", () => {
  it("shows a system keyword locked, with its menu disabled", () => {
    const html = render([stop]);
    expect(html).toContain('aria-label="System keyword"');
    expect(html).toContain("All numbers");
    expect(html).toContain("Opt out (STOP)");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Actions for STOP, QUIT"/);
  });

  it("shows a team keyword's words, numbers, gateway, action and message", () => {
    const html = render([join]);
    for (const text of [
      "JOIN",
      "VIP",
      ">+12124567890<",
      ">+12124567891<",
      "+1 more",
      "Twilio main",
      "Subscribe to list",
      "List: VIP",
      "Welcome to the VIP list!",
    ])
      expect(html).toContain(text);
    expect(html).not.toContain('aria-label="System keyword"');
    expect(html).toMatch(/<button(?![^>]*disabled="")[^>]*aria-label="Actions for JOIN, VIP"/);
  });
});
