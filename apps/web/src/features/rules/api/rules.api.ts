import type { Rule, RulePage, SaveRuleInput } from "@leadflow/contracts";
import { crudApi } from "../../../components/crud/crud-api";

/** Settings → Rules: GET/POST /rules, GET/PUT/DELETE /rules/{id}; the list takes `type` and `is_active` too. */
export const rulesApi = crudApi<{ item: Rule; page: RulePage; create: SaveRuleInput }>({ key: "rules", path: "/rules" });
