import { LeadStatuses, PublicImportLimits, type PublicImportRequest, SaveImportList } from "@leadflow/contracts";
import { authenticateApiKey, createImportList, importLeadsByApi } from "../import-api";
import type { TeamCtx } from "../shared/context";
import type { DbOrTx } from "../shared/rows";
import type { DemoListName, DemoPerson } from "./demo-people";

/*
 * The demo's people arrive as they would from the ad platforms: each list through an import API key of its own
 * (Settings → Import API keys), a hundred leads a request, merged by the public import interface — so Import History
 * has their records, and the lists', sources' and leads' counters are the ones the merge maintains.
 */

export interface DemoList {
  id: number;
  source: string;
  name: DemoListName;
}

const attribute = (type: "phone" | "email" | "string", name: string, value: string | null) =>
  value === null ? [] : [{ type, attribute: name, value }];

function asImported(p: DemoPerson): PublicImportRequest["leads"][number] {
  return {
    attributes: [
      ...attribute("phone", "Phone", p.phone),
      ...attribute("email", "Email", p.email),
      ...attribute("string", "First name", p.firstName),
      ...attribute("string", "Last name", p.lastName),
      ...attribute("string", "City", p.city),
      ...attribute("string", "State", p.state),
      ...attribute("string", "ZIP", p.zip),
      // Where the area code cannot tell (a German number), the lead's own zone places it for quiet hours.
      ...attribute("string", "Timezone", p.timezone),
    ],
  };
}

/** Imports each list's people; answers the lead id of every person (by phone, else email). */
export async function importDemoPeople(
  db: DbOrTx,
  ctx: TeamCtx,
  members: ReadonlyMap<DemoListName, readonly DemoPerson[]>,
  lists: readonly DemoList[],
): Promise<Map<number, DemoPerson>> {
  const personOf = new Map<number, DemoPerson>();
  for (const list of lists) {
    const people = members.get(list.name) ?? [];
    if (people.length === 0) continue;
    const input = SaveImportList.parse({ name: `${list.source} — ${list.name}`, list_id: list.id, lead_status: LeadStatuses.imported });
    const key = await createImportList(db, ctx, input);
    const target = await authenticateApiKey(db, key.data.api_key);
    for (let i = 0; i < people.length; i += PublicImportLimits.leads) {
      const batch = people.slice(i, i + PublicImportLimits.leads);
      const outcome = await importLeadsByApi(db, target, { leads: batch.map(asImported) });
      if (outcome.status !== 200 || !("data" in outcome.body) || !outcome.body.data) {
        throw new Error(`The demo's leads for ${list.name} were refused: ${JSON.stringify(outcome.body).slice(0, 300)}`);
      }
      for (const r of outcome.body.data.leads) {
        if (r.status === "failed" || r.lead_id === null) throw new Error(`A demo lead was refused: ${r.message ?? r.reason}`);
        personOf.set(r.lead_id, batch[r.index]!);
      }
    }
  }
  return personOf;
}
