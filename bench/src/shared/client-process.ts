import { spawn } from "node:child_process";
import { onInterrupt } from "./interrupt";

/*
 * The bench's load clients run as processes of their own so their timers never wait on the server's event loop (the
 * app and its embedded database share one thread). `name` says which client failed.
 */

/** Runs a client script in a Node process of its own (killed on interrupt); answers the last line it printed, as JSON. */
export async function runClientProcess<T>(script: string, arg: string, name: string): Promise<T> {
  const child = spawn(process.execPath, ["--import", "tsx", script, arg], { stdio: ["ignore", "pipe", "inherit"] });
  const forget = onInterrupt(async () => child.kill());
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => (out += c));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  forget();
  if (code !== 0) throw new Error(`${name} exited with ${code}`);
  return JSON.parse(out.trim().split("\n").at(-1)!) as T;
}
