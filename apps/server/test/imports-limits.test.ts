import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, setupApi } from "./helpers";
import { importHelpers, multipart } from "./imports-helpers";

let api: Api;
let im: ReturnType<typeof importHelpers>;
const dataDir = mkdtempSync(join(tmpdir(), "leadflow-limits-"));
/** Unstarted uploads a team may keep: above the largest file (2000 bytes), below two of them. */
const QUOTA = 3000;
beforeAll(async () => {
  // Read when the routes register: a small limit for this file's app only.
  process.env.LEADFLOW_IMPORT_MAX_BYTES = "2000";
  api = await setupApi({ LEADFLOW_DATA_DIR: dataDir, LEADFLOW_UPLOAD_QUOTA_BYTES: String(QUOTA) });
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

describe("quota of unstarted uploads", () => {
  /** A CSV of exactly `bytes` bytes. */
  const csvOf = (bytes: number) => `Phone\n${"2124567890\n".repeat(Math.floor((bytes - 6) / 11))}`.padEnd(bytes, "\n");
  const target = async () => {
    const t = await api.factory.team();
    const source = await api.factory.source(t.ctx);
    const list = await api.factory.list(t.ctx, source.id);
    return { t, list };
  };
  const unstartedBytes = async (teamId: number) =>
    (
      await api.database.query<{ n: number }>(
        "SELECT COALESCE(sum(size_bytes), 0)::int AS n FROM imports WHERE team_id = $1 AND status IN ('uploaded', 'mapped')",
        [teamId],
      )
    ).rows[0]!.n;
  const files = (teamId: number) => {
    const dir = join(dataDir, "uploads", String(teamId));
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it("refuses an upload that would take the team's unstarted uploads over the quota, with 413 and a message", async () => {
    const { t, list } = await target();
    const first = await im.upload(t.token, list.id, "first.csv", csvOf(1500));
    expect(first.statusCode, first.body).toBe(201);
    expect((await im.upload(t.token, list.id, "second.csv", csvOf(1400))).statusCode).toBe(201);
    expect(await unstartedBytes(t.ctx.teamId)).toBe(2900);

    const refused = async (size: number, used: string) => {
      const res = await im.upload(t.token, list.id, "over.csv", csvOf(size));
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toBe(
        `Your team's unstarted uploads use ${used} of 2.9 KB. Start or remove an upload, or try again after unstarted uploads are cleared (after 24 hours).`,
      );
    };
    // Over by the file's size (cut off while streaming), then at the quota exactly: nothing more is kept.
    await refused(1500, "2.8 KB");
    expect((await im.upload(t.token, list.id, "exact.csv", csvOf(100))).statusCode).toBe(201);
    await refused(20, "2.9 KB");
    expect(files(t.ctx.teamId)).toHaveLength(3);
    expect(await im.count("SELECT count(*)::int AS n FROM imports WHERE team_id = $1", [t.ctx.teamId])).toBe(3);

    // Another team has a quota of its own; cancelling an upload frees its share.
    const other = await target();
    expect((await im.upload(other.t.token, other.list.id, "theirs.csv", csvOf(1500))).statusCode).toBe(201);
    const del = await api.app.inject({ method: "DELETE", url: `/api/imports/${first.json().data.id}`, headers: api.auth(t.token) });
    expect(del.statusCode).toBe(200);
    expect((await im.upload(t.token, list.id, "third.csv", csvOf(1500))).statusCode).toBe(201);
  });

  it("counts only uploads not yet started", async () => {
    const { t, list } = await target();
    await im.start(t.token, list.id, "started.csv", csvOf(1500), {});
    await im.start(t.token, list.id, "started-too.csv", csvOf(1500), {});
    expect((await im.upload(t.token, list.id, "next.csv", csvOf(1500))).statusCode).toBe(201);
  });

  it("holds with uploads sent at the same time", async () => {
    const { t, list } = await target();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => im.upload(t.token, list.id, `same-time-${i}.csv`, csvOf(900))));
    expect(answers.map((a) => a.statusCode).filter((s) => s === 201)).toHaveLength(3);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 413)).toBe(true);
    expect(await unstartedBytes(t.ctx.teamId)).toBe(2700);
    expect(files(t.ctx.teamId)).toHaveLength(3);
  });
});
