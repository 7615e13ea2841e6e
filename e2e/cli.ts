import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

/** Runs `leadflow <args>` against the install the flows use (its admin socket when embedded). */
export function leadflow(...args: string[]): string {
  const serverEnv = JSON.parse(readFileSync(join(root, "e2e/.server-env.json"), "utf8")) as Record<string, string>;
  const env: NodeJS.ProcessEnv = { ...process.env, LEADFLOW_DATA_DIR: serverEnv.LEADFLOW_DATA_DIR };
  if (serverEnv.DATABASE_URL) env.DATABASE_URL = serverEnv.DATABASE_URL;
  else delete env.DATABASE_URL;
  return execFileSync(process.execPath, ["--import", "tsx", join(root, "apps/server/src/cli/main.ts"), ...args], {
    cwd: root,
    env,
    encoding: "utf8",
  });
}

/** The newest 6-digit code mailed to `email`, read from the outbox through the CLI. */
export function latestCode(email: string): string {
  const out = leadflow("mail", "list", "--limit", "20");
  const block = out.split(/^-{60}$/m).find((b) => b.includes(`To: ${email}`));
  const code = block?.match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error(`No reset code for ${email} in the outbox:\n${out}`);
  return code;
}
