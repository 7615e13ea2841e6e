import { randomBytes } from "node:crypto";
import type { ImportUploadResponse } from "@leadflow/contracts";
import { type JobDeps, runImport } from "@leadflow/domain";
import type { Api } from "./helpers";

export type Part = { name: string; value: string } | { name: string; filename: string; content: string | Buffer };

/** A multipart/form-data body as a browser sends it, parts in the given order. */
export function multipart(parts: Part[]) {
  const boundary = `----leadflow${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ("value" in p) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
      continue;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A CSV with the Phone, Email and Name headings. */
export const phoneEmailNameCsv = (rows: string[][]) => ["Phone,Email,Name", ...rows.map((r) => r.join(","))].join("\n");

export function importHelpers(api: Api) {
  const deps = (): JobDeps => ({
    database: api.database,
    live: api.live.publisher,
    mail: { driver: "outbox", from: "test@leadflow.test" },
    log: () => undefined,
  });
  return {
    /** A fresh team with a source and a list to import into, and its auth header. */
    async team() {
      const t = await api.factory.team();
      const source = await api.factory.source(t.ctx);
      const list = await api.factory.list(t.ctx, source.id);
      return { ...t, source, list, h: api.auth(t.token) };
    },
    async upload(token: string, listId: number | string, name: string, content: string | Buffer, listFirst = true) {
      const list: Part = { name: "list_id[0]", value: String(listId) };
      const file: Part = { name: "file", filename: name, content };
      const body = multipart(listFirst ? [list, file] : [file, list]);
      return api.app.inject({
        method: "POST",
        url: "/api/imports",
        headers: { ...api.auth(token), ...body.headers },
        payload: body.payload,
      });
    },
    /** Upload → map (by heading: a lead attribute id, or a name to create) → dispatch; answers the import id. */
    async start(token: string, listId: number, name: string, content: string | Buffer, mapping: Record<string, number | string | null>) {
      const h = api.auth(token);
      const up = await this.upload(token, listId, name, content);
      if (up.statusCode !== 201) throw new Error(`upload failed: ${up.statusCode} ${up.body}`);
      const body = up.json() as ImportUploadResponse;
      const toCreate = Object.entries(mapping).filter(([, v]) => typeof v === "string");
      const created = new Map<string, number>();
      if (toCreate.length) {
        const res = await api.app.inject({
          method: "POST",
          url: "/api/lead-attributes",
          headers: h,
          payload: toCreate.map(([, v]) => ({ name: v })),
        });
        if (res.statusCode !== 201) throw new Error(`attributes failed: ${res.body}`);
        (res.json().data as { id: number; name: string }[]).forEach((a, i) => {
          created.set(toCreate[i]![0], a.id);
        });
      }
      const attributes = body.mapping.map((m) => {
        const v = mapping[m.heading];
        return {
          processing_document_attribute_id: m.processing_document_attribute_id,
          lead_attribute_id: typeof v === "string" ? created.get(m.heading)! : v === undefined ? m.lead_attribute_id : v,
        };
      });
      const mapped = await api.app.inject({
        method: "POST",
        url: `/api/sync-import/${body.data.sync_import.id}/import-attributes/multiple`,
        headers: h,
        payload: { attributes },
      });
      if (mapped.statusCode !== 200) throw new Error(`mapping failed: ${mapped.body}`);
      const dispatched = await api.app.inject({ method: "POST", url: `/api/imports/${body.data.id}/dispatch`, headers: h });
      if (dispatched.statusCode !== 200) throw new Error(`dispatch failed: ${dispatched.body}`);
      return body.data.id;
    },
    /** Runs every import job enqueued so far, as a worker would. */
    async runQueued(opts: { batchRows?: number } = {}) {
      const queued = api.jobs.sent.splice(0).filter((j) => j.name === "imports.run");
      for (const j of queued) await runImport(deps(), j.payload as { importId: number; teamId: number }, opts);
      return queued.length;
    },
    deps,
    async get(token: string, id: number) {
      return (await api.app.inject({ method: "GET", url: `/api/imports/${id}`, headers: api.auth(token) })).json();
    },
    async count(sql: string, params: unknown[]) {
      return (await api.database.query<{ n: number }>(sql, params)).rows[0]!.n;
    },
  };
}
