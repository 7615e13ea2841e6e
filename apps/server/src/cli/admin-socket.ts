import { chmodSync, existsSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { join } from "node:path";
import type { Database } from "@leadflow/db";
import { type AdminCommand, type AdminEnv, runAdminCommand } from "./admin-commands";

/**
 * PGlite allows one process per data dir, so admin commands reach the running program over a unix socket in
 * the data dir (mode 0600: only the owner of the data may use it). One JSON line in, one JSON line out.
 */
export const adminSocketPath = (dataDir: string) => join(dataDir, "leadflow.sock");

export async function serveAdminSocket(database: Database, dataDir: string, env: AdminEnv = {}): Promise<Server> {
  const path = adminSocketPath(dataDir);
  if (existsSync(path)) rmSync(path, { force: true });
  const server = createServer((socket) => {
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      buffer += chunk;
      if (buffer.length > 64 * 1024) return socket.destroy();
      const newline = buffer.indexOf("\n");
      if (newline < 0) return;
      const line = buffer.slice(0, newline);
      void (async () => {
        try {
          const output = await runAdminCommand(database, JSON.parse(line) as AdminCommand, env);
          socket.end(`${JSON.stringify({ ok: true, output })}\n`);
        } catch (e) {
          socket.end(`${JSON.stringify({ ok: false, error: (e as Error).message })}\n`);
        }
      })();
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return server;
}

export function sendAdminCommand(dataDir: string, cmd: AdminCommand): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(adminSocketPath(dataDir));
    let buffer = "";
    socket.setEncoding("utf8");
    socket.setTimeout(30_000, () => socket.destroy(new Error("The running Leadflow did not answer in time.")));
    socket.on("connect", () => socket.write(`${JSON.stringify(cmd)}\n`));
    socket.on("data", (c) => {
      buffer += c;
    });
    socket.on("error", (e) => reject(new Error(`Could not reach the running Leadflow: ${e.message}`)));
    socket.on("close", () => {
      try {
        const answer = JSON.parse(buffer.trim()) as { ok: boolean; output?: string; error?: string };
        if (answer.ok) resolve(answer.output ?? "");
        else reject(new Error(answer.error));
      } catch {
        reject(new Error("The running Leadflow gave no answer."));
      }
    });
  });
}
