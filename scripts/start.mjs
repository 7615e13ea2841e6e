// `npm start`: the embedded Leadflow in a process of its own, started with glibc's malloc told to give freed memory
// back. By default glibc keeps what V8's compiler threads freed at start (PGlite's SQL parser alone takes ~600 MB to
// optimise) in its arenas for the process's life, ~150 MB; with a fixed trim threshold it returns what is free
// above 1 MB. glibc reads the variable when the process starts, so it is set here for the child; other C libraries
// ignore it, and a value already in the environment wins.
import { spawn } from "node:child_process";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const env = { ...process.env, MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? String(1024 * 1024) };
const child = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/src/cli/main.ts"), "start"], {
  cwd: root,
  env,
  stdio: "inherit",
});
// Ctrl-C reaches the server from the terminal as well; either way it drains once and this process waits for it.
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
