import { LeadStatusLabels } from "@leadflow/contracts";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, intArray, rows } from "../shared/rows";
import { escapedCell } from "./csv-cells";

/** One column of the file: its header and its cell, a text expression over `leads l`. */
export interface ExportColumn {
  header: string;
  cell: SQL;
}

interface AttributeRow {
  id: number;
  name: string;
  type: "string" | "phone" | "email";
  is_system: boolean;
}

const utc = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

const statusLabel = sql`CASE l.status ${sql.join(
  Object.entries(LeadStatusLabels).map(([value, label]) => sql`WHEN ${Number(value)} THEN ${label}`),
  sql` `,
)} ELSE l.status::text END`;

/** A lead's phones (emails) in the order they came, as the leads tables show them. */
const contacts = (table: "lead_phones" | "lead_emails") => {
  const [t, c] = table === "lead_phones" ? [sql`lead_phones`, sql`phone`] : [sql`lead_emails`, sql`email`];
  return sql`(SELECT string_agg(x.${c}, '; ' ORDER BY x.id) FROM ${t} x WHERE x.team_id = l.team_id AND x.lead_id = l.id)`;
};

/** A string attribute's values in the order they arrived. */
const values = (attributeId: number) =>
  sql`(SELECT string_agg(v.value, '; ' ORDER BY v.n) FROM jsonb_array_elements_text(l.attrs -> ${String(attributeId)}::text)
        WITH ORDINALITY AS v(value, n))`;

/**
 * The file's columns: 'ID'; the visible attribute columns in the table's order (an attribute deleted since is
 * left out), multiple values joined with '; ' like the tables; then 'Revenue', 'Duplicates', 'Status' (its label)
 * and 'Created At (UTC)', 'Updated At (UTC)' as `YYYY-MM-DD HH:MM:SS`, which every spreadsheet reads as a date.
 * Cells that hold text someone wrote (and revenue, which may be negative) carry the formula escape.
 */
export async function exportColumns(db: DbOrTx, teamId: number, attributeIds: readonly number[]): Promise<ExportColumn[]> {
  const wanted = [...new Set(attributeIds)];
  const found = wanted.length
    ? await rows<AttributeRow>(
        db,
        sql`SELECT id, name, type, is_system FROM lead_attributes WHERE team_id = ${teamId} AND id = ANY(${intArray(wanted)})`,
      )
    : [];
  const byId = new Map(found.map((a) => [a.id, a]));
  const attributes = wanted.flatMap((id) => byId.get(id) ?? []);
  return [
    { header: "ID", cell: sql`l.id::text` },
    ...attributes.map((a) => ({
      header: a.name,
      cell: escapedCell(a.is_system && a.type !== "string" ? contacts(a.type === "phone" ? "lead_phones" : "lead_emails") : values(a.id)),
    })),
    { header: "Revenue", cell: escapedCell(sql`trim_scale(l.revenue)::text`) },
    { header: "Duplicates", cell: sql`l.duplicates_count::text` },
    { header: "Status", cell: statusLabel },
    { header: "Created At (UTC)", cell: utc(sql`l.created_at`) },
    { header: "Updated At (UTC)", cell: utc(sql`l.updated_at`) },
  ];
}
