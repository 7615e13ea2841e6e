import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildZip, xlsxParts } from "../../test/fixtures/imports";
import { openImportFile, previewImportFile } from "../imports";
import { startTestS3, type TestS3 } from "../testing/s3-server";
import { createFileStore, type FileStore } from "./file-store";

let s3: TestS3;
let dataDir: string;
const stores: Record<"local" | "s3", () => FileStore> = {
  local: () => createFileStore({ dataDir }),
  s3: () => createFileStore({ dataDir, s3: s3.settings }),
};

beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = await mkdtemp(join(tmpdir(), "leadflow-files-"));
});
afterAll(async () => {
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
});

let n = 0;
const key = (ext = "bin") => `uploads/7/${++n}-${randomBytes(4).toString("hex")}.${ext}`;

/** A stream of `bytes` in pieces of 64 KB, like a request body. */
const streamOf = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
    })(),
  );

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A body that sends `before` bytes and then fails, as a client that disconnects or a file over the size limit. */
function failingBody(before: number): Readable {
  const body = new Readable({ read() {} });
  body.push(randomBytes(before));
  setTimeout(() => body.destroy(Object.assign(new Error("the client went away"), { code: "CLIENT_GONE" })), 20);
  return body;
}

describe.each(["local", "s3"] as const)("file store: %s", (kind) => {
  it("keeps a streamed file whole and reads it back, whole or by range", async () => {
    const files = stores[kind]();
    const ref = files.refFor(key("csv"));
    const bytes = Buffer.from("Phone,Email\n+12125550123,a@example.com\n");
    expect(await files.put(ref, streamOf(bytes))).toBe(bytes.length);
    expect(await files.size(ref)).toBe(bytes.length);
    expect(await readAll(files.read(ref))).toEqual(bytes);
    expect(await readAll(files.read(ref, { start: 6, end: 10 }))).toEqual(bytes.subarray(6, 11));
    // A range past the end gives what there is.
    expect(await readAll(files.read(ref, { start: 30, end: 10_000 }))).toEqual(bytes.subarray(30));
  });

  it("streams a file larger than an upload part and a read window (12 MB) without changing a byte", async () => {
    const files = stores[kind]();
    const ref = files.refFor(key());
    const bytes = randomBytes(12 * 1024 * 1024 + 123);
    expect(await files.put(ref, streamOf(bytes))).toBe(bytes.length);
    expect(await files.size(ref)).toBe(bytes.length);
    const back = await readAll(files.read(ref));
    expect(back.length).toBe(bytes.length);
    expect(back.equals(bytes)).toBe(true);
    // Across the 8 MB window boundary.
    const start = 8 * 1024 * 1024 - 1000;
    expect((await readAll(files.read(ref, { start, end: start + 2999 }))).equals(bytes.subarray(start, start + 3000))).toBe(true);
    await files.remove(ref);
    expect(await files.size(ref)).toBeNull();
  });

  it("an empty file is empty; a missing one has no size, fails to read, and removes without complaint", async () => {
    const files = stores[kind]();
    const empty = files.refFor(key());
    expect(await files.put(empty, Readable.from([]))).toBe(0);
    expect(await files.size(empty)).toBe(0);
    expect(await readAll(files.read(empty))).toEqual(Buffer.alloc(0));

    const missing = files.refFor(key());
    expect(await files.size(missing)).toBeNull();
    await expect(readAll(files.read(missing))).rejects.toThrow();
    await files.remove(missing);
    await files.remove(empty);
    await files.remove(empty);
    expect(await files.size(empty)).toBeNull();
  });

  it.each([
    ["a small body", 1000],
    ["a body past the first upload part", 9 * 1024 * 1024],
  ])("a body that fails (%s) stores nothing and answers the body's own error", async (_, before) => {
    const files = stores[kind]();
    const ref = files.refFor(key());
    await expect(files.put(ref, failingBody(before))).rejects.toMatchObject({ code: "CLIENT_GONE" });
    expect(await files.size(ref)).toBeNull();
  });

  it("opens imports from the store: CSV streamed, XLSX by byte ranges (stored and deflated parts)", async () => {
    const files = stores[kind]();
    const csv = files.refFor(key("csv"));
    await files.put(
      csv,
      streamOf(
        Buffer.from(`Phone,Name\n${Array.from({ length: 500 }, (_, i) => `+1212555${String(i).padStart(4, "0")},N${i}`).join("\n")}\n`),
      ),
    );
    const reader = await openImportFile(csv, "csv", { batchRows: 100 }, files);
    let rows = 0;
    for await (const batch of reader.rows()) rows += batch.length;
    await reader.close();
    expect(rows).toBe(500);

    const sheet = Array.from(
      { length: 50 },
      (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="s"><v>1</v></c><c r="B${i + 2}"><v>${2125550100 + i}</v></c></row>`,
    );
    const zip = buildZip(
      xlsxParts(`<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Phone</t></is></c></row>${sheet.join("")}`, {
        sharedStrings: ["Name", "Ann"],
      }).map((p) => (p.name === "xl/sharedStrings.xml" ? { ...p, stored: true } : p)),
    );
    const xlsx = files.refFor(key("xlsx"));
    await files.put(xlsx, streamOf(zip));
    const preview = await previewImportFile(xlsx, "xlsx", 3, undefined, files);
    expect(preview).toMatchObject({
      headings: ["Name", "Phone"],
      rows: [
        ["Ann", "2125550100"],
        ["Ann", "2125550101"],
        ["Ann", "2125550102"],
      ],
    });
    const full = await openImportFile(xlsx, "xlsx", undefined, files);
    let sheetRows = 0;
    for await (const batch of full.rows()) sheetRows += batch.length;
    expect(sheetRows).toBe(50);
    expect(full.progress().bytesRead).toBe(full.progress().totalBytes);
    await full.close();
  });

  it("a file gone from the store fails the import with a message a person can act on", async () => {
    const files = stores[kind]();
    await expect(openImportFile(files.refFor(key("csv")), "csv", undefined, files)).rejects.toMatchObject({
      code: "file_missing",
      message: "The uploaded file is no longer available. Upload it again.",
    });
  });
});

describe("file store: where files go", () => {
  it("new files go to the local folder by default, to the bucket under the prefix when S3 is configured", async () => {
    expect(stores.local().refFor("exports/3/a.csv")).toBe(join(dataDir, "exports/3/a.csv"));
    const ref = stores.s3().refFor("exports/3/a.csv");
    expect(ref).toBe(`s3://${s3.bucket}/leadflow/exports/3/a.csv`);
    await stores.s3().put(ref, Readable.from([Buffer.from("x")]));
    // What the server holds: the object under the prefix, in the bucket.
    expect(await readdir(join(s3.directory, s3.bucket))).toContain("leadflow");
  });

  it("files stored locally before S3 was configured stay readable; an S3 file needs S3 configured", async () => {
    const before = join(dataDir, "uploads/9/old.csv");
    await stores.local().put(before, Readable.from([Buffer.from("Phone\n1\n")]));
    expect((await readAll(stores.s3().read(before))).toString()).toBe("Phone\n1\n");
    await stores.s3().remove(before);
    expect(await stores.local().size(before)).toBeNull();

    expect(() => stores.local().read(`s3://${s3.bucket}/leadflow/x.csv`)).toThrow(/S3 is not configured here/);
  });

  it("refuses the wrong credentials (the server checks SigV4 signatures)", async () => {
    const files = createFileStore({ dataDir, s3: { ...s3.settings, credentials: { accessKeyId: "S3RVER", secretAccessKey: "wrong" } } });
    await expect(files.size(files.refFor("uploads/1/a.csv"))).rejects.toThrow();
  });
});
