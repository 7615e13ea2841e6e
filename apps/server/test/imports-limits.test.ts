import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { importHelpers, multipart } from "./imports-helpers";

let api: Api;
let im: ReturnType<typeof importHelpers>;
const dataDir = mkdtempSync(join(tmpdir(), "leadflow-limits-"));
beforeAll(async () => {
  // Read when the routes register: a small limit for this file's app only.
  process.env.LEADFLOW_IMPORT_MAX_BYTES = "2000";
  api = await setupApi({ LEADFLOW_DATA_DIR: dataDir });
  im = importHelpers(api);
});
afterAll(async () => {
  delete process.env.LEADFLOW_IMPORT_MAX_BYTES;
  await api.close();
});

describe("upload limits", () => {
  it("refuses a file over the size limit with 413 and a message, and keeps nothing", async () => {
    const t = await api.factory.team();
    const source = await api.factory.source(t.ctx);
    const list = await api.factory.list(t.ctx, source.id);
    const big = `Phone\n${"2124567890\n".repeat(400)}`;
    for (const listFirst of [true, false]) {
      const res = await im.upload(t.token, list.id, "big.csv", big, listFirst);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toMatch(/too large.*MB/);
    }
    const dir = join(dataDir, "uploads", String(t.ctx.teamId));
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    // With the list sent first, Import History lists the refused file with the message; never a stored file.
    const kept = await api.database.query<{ status: string }>("SELECT status FROM imports WHERE team_id = $1", [t.ctx.teamId]);
    expect(kept.rows).toEqual([{ status: "failed" }]);
    const small = await im.upload(t.token, list.id, "small.csv", "Phone\n2124567890\n");
    expect(small.statusCode).toBe(201);
  });

  it("asks for a file when none is sent", async () => {
    const t = await api.factory.team();
    const source = await api.factory.source(t.ctx);
    const list = await api.factory.list(t.ctx, source.id);
    const body = multipart([{ name: "list_id[0]", value: String(list.id) }]);
    const res = await api.app.inject({
      method: "POST",
      url: "/api/imports",
      headers: { ...api.auth(t.token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: "Choose a file to import.", errors: { file: ["Choose a file to import."] } });
  });
});
