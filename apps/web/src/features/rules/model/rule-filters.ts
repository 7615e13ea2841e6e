import { type RuleType, RuleTypeList } from "@leadflow/contracts";
import { names } from "../../../components/data-table/table-url-state";

/** The Rules table's filters, kept in the URL beside its page, search and sort. */
export interface RuleFilters {
  type?: RuleType;
  active?: boolean;
}

const TYPE = "type";
const ACTIVE = "active";

export function readRuleFilters(sp: URLSearchParams): RuleFilters {
  const type = Number(sp.get(TYPE));
  const active = sp.get(ACTIVE);
  return {
    ...((RuleTypeList as readonly number[]).includes(type) ? { type: type as RuleType } : {}),
    ...(active === "1" ? { active: true } : active === "0" ? { active: false } : {}),
  };
}

/** A changed filter shows its first page: the old page number may not exist in the narrower list. */
export function writeRuleFilters(sp: URLSearchParams, next: RuleFilters): URLSearchParams {
  const out = new URLSearchParams(sp);
  if (next.type === undefined) out.delete(TYPE);
  else out.set(TYPE, String(next.type));
  if (next.active === undefined) out.delete(ACTIVE);
  else out.set(ACTIVE, next.active ? "1" : "0");
  out.delete(names().page);
  return out;
}

/** The list request's part: GET /rules?type=…&is_active=… */
export function ruleFilterParams(f: RuleFilters): Record<string, number | boolean> {
  return { ...(f.type === undefined ? {} : { type: f.type }), ...(f.active === undefined ? {} : { is_active: f.active }) };
}
