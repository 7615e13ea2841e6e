import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isAlive } from "../shared/processes";

/** Bump when any generated content changes: cached files are keyed by it. */
export const GENERATOR_VERSION = 1;

export const benchDir = join(tmpdir(), "leadflow-bench");

/** `${benchDir}/${variant}-${rows}-g${GENERATOR_VERSION}.${ext}` */
export function cachedPath(variant: string, rows: number, ext: string): string {
  return join(benchDir, `${variant}-${rows}-g${GENERATOR_VERSION}.${ext}`);
}

/**
 * Writes a file once: to a temporary name, renamed into place only when complete, so an interrupted generator
 * never leaves a half file that a later run would take for a finished one.
 */
export async function generateOnce(path: string, write: (out: ChunkWriter) => Promise<void>): Promise<string> {
  if (existsSync(path)) return path;
  mkdirSync(benchDir, { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  const out = new ChunkWriter(tmp);
  try {
    await write(out);
    await out.end();
  } catch (e) {
    await out.end().catch(() => undefined);
    rmSync(tmp, { force: true });
    throw e;
  }
  renameSync(tmp, path);
  return path;
}

/** Removes what killed runs left in the bench directory: half-written files, upload and data folders of dead processes. */
export function removeLeftovers(): void {
  if (!existsSync(benchDir)) return;
  for (const name of readdirSync(benchDir)) {
    const pid = Number(/(?:\.tmp-|^uploads-|^api-)(\d+)$/.exec(name)?.[1]);
    if (pid && !isAlive(pid)) rmSync(join(benchDir, name), { recursive: true, force: true });
  }
}

/** Buffered writes with backpressure; text is encoded by `encode` (UTF-8 unless told otherwise). */
export class ChunkWriter {
  private readonly stream;
  private parts: Buffer[] = [];
  private size = 0;
  bytes = 0;

  constructor(path: string) {
    this.stream = createWriteStream(path);
  }

  async write(data: string | Buffer): Promise<void> {
    const b = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    this.parts.push(b);
    this.size += b.length;
    this.bytes += b.length;
    if (this.size >= 256 * 1024) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.size === 0) return;
    const chunk = Buffer.concat(this.parts);
    this.parts = [];
    this.size = 0;
    if (!this.stream.write(chunk)) await new Promise<void>((resolve) => this.stream.once("drain", resolve));
  }

  async end(): Promise<void> {
    await this.flush();
    await new Promise<void>((resolve, reject) => {
      this.stream.once("error", reject);
      this.stream.end(resolve);
    });
  }
}
