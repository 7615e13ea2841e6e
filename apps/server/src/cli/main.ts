import { existsSync } from "node:fs";
import { join } from "node:path";
import { migrateDb, readLockPid } from "@leadflow/db";
import { loadConfig } from "../config";
import { openDatabase, run } from "../runtime";
import type { AdminCommand } from "./admin-commands";
import { runAdminCommand } from "./admin-commands";
import { adminSocketPath, sendAdminCommand } from "./admin-socket";

const usage = `Usage: npm run leadflow -- <command>

  start                      migrate, then serve API, web app, live channel and workers in one process
  api                        serve the HTTP API, web app and live channel (server mode, many processes)
  worker                     run background jobs (server mode, many processes)
  links                      serve short-link redirects and the open pixel only (server mode, scaled apart)
  migrate                    apply database migrations
  user approve <email>       approve a pending registration
  user create --email <e> --password <p> --name <n> [--admin]
  seed demo                  create the demo team (demo@leadflow.local) with its leads and finished campaigns
  mail list [--limit <n>]    print the newest mail of the outbox
  settings auto-approve <on|off>   approve new registrations automatically
  settings default-plan <plan-key>  the plan new registrations get (trial unless set)
  plans                      print the price list: every plan and its limits
  team plan <team-id|email> <plan-key>  put a team on a plan (its limits, and its free SMS left)
  message <email> <text>     show a message to the user's open browser tabs (a toast)
  team topup <email> <amount>   add dollars to the balance of the user's team (lookups are paid from it)
  team free-lookups <email> <n>  set the free lookup items the user's team has left
  lookup prices [--sms <$>] [--email <$>] [--dnc <$>] [--consent <$>] [--rnd <$>]
                             show or set the price per lookup item (a certificate check, a Reassigned Numbers query)
  gateway add-default --kind <k> --type <t> --name <n> [--rate <per s>] [--param key=value …]
                             a platform gateway every team may use (dimmed, read-only for them)

Environment: PORT (3000), HOST (127.0.0.1 embedded, 0.0.0.0 with DATABASE_URL), LEADFLOW_DATA_DIR (./data), DATABASE_URL (unset = embedded database), APP_URL,
MAIL_DRIVER (outbox|smtp|ses), SMTP_HOST/PORT/USER/PASSWORD, MAIL_FROM, LEADFLOW_AUTO_APPROVE, LOG_FORMAT (pretty|json),
LOG_LEVEL (debug|info|warn|error). A .env file is read too.`;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}

function parseAdmin(args: string[]): AdminCommand | undefined {
  const [a, b, c] = args;
  if (a === "user" && b === "approve" && c) return { name: "user.approve", email: c };
  if (a === "user" && b === "create") {
    const email = flag(args, "email");
    const password = flag(args, "password");
    const userName = flag(args, "name");
    if (!email || !password || !userName) throw new Error("user create needs --email, --password and --name.");
    return { name: "user.create", email, password, userName, admin: args.includes("--admin") };
  }
  if (a === "seed" && b === "demo") return { name: "seed.demo" };
  if (a === "mail" && b === "list") return { name: "mail.list", limit: Number(flag(args, "limit") ?? 10) };
  if (a === "settings" && b === "auto-approve" && (c === "on" || c === "off")) return { name: "settings.auto-approve", value: c === "on" };
  if (a === "plans" && !b) return { name: "plans" };
  if (a === "settings" && b === "default-plan" && c) return { name: "settings.default-plan", plan: c };
  if (a === "team" && b === "plan") {
    if (!c || !args[3])
      throw new Error("team plan needs a team id or a user's email and a plan key, e.g. team plan me@example.com starter");
    return { name: "team.plan", team: c, plan: args[3] };
  }
  if (a === "team" && b === "topup" && c) {
    const amount = Number(args[3]);
    if (!Number.isFinite(amount) || amount <= 0)
      throw new Error("team topup needs a positive amount of dollars, e.g. team topup me@example.com 25");
    return { name: "team.topup", email: c, amount };
  }
  if (a === "team" && b === "free-lookups" && c) {
    const items = Number(args[3]);
    if (!Number.isInteger(items) || items < 0)
      throw new Error("team free-lookups needs a whole number, e.g. team free-lookups me@example.com 0");
    return { name: "team.free-lookups", email: c, items };
  }
  if (a === "gateway" && b === "add-default") {
    const kind = flag(args, "kind");
    const type = flag(args, "type");
    const gatewayName = flag(args, "name");
    if (!kind || !type || !gatewayName) throw new Error("gateway add-default needs --kind, --type and --name.");
    const params: Record<string, string> = {};
    args.forEach((arg, i) => {
      if (arg !== "--param") return;
      const pair = args[i + 1] ?? "";
      const eq = pair.indexOf("=");
      if (eq < 1) throw new Error(`--param needs key=value, got "${pair}".`);
      params[pair.slice(0, eq)] = pair.slice(eq + 1);
    });
    const rate = flag(args, "rate");
    return { name: "gateway.add-default", kind, type, gatewayName, params, rate: rate === undefined ? null : Number(rate) };
  }
  if (a === "lookup" && b === "prices") {
    const price = (name: string) => {
      const v = flag(args, name);
      if (v === undefined) return undefined;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} needs a price in dollars, e.g. 0.005`);
      return n;
    };
    return {
      name: "lookup.prices",
      prices: { 1: price("sms"), 2: price("email"), 3: price("dnc"), 4: price("consent"), 5: price("rnd") },
    };
  }
  if (a === "message" && b && c) return { name: "message", email: b, text: args.slice(2).join(" ") };
  return undefined;
}

/** Embedded mode: when a Leadflow already holds the data dir, admin commands go to it over its socket. */
function runningEmbedded(dataDir: string): boolean {
  const pid = readLockPid(join(dataDir, "leadflow.lock"));
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return existsSync(adminSocketPath(dataDir));
}

async function main(argv: string[]): Promise<void> {
  const config = loadConfig();
  const [command] = argv;
  if (!command || command === "help" || command === "--help") {
    console.log(usage);
    return;
  }
  if (command === "start" || command === "api" || command === "worker" || command === "links") {
    if (command !== "start" && !config.databaseUrl) {
      throw new Error(`'${command}' is for server mode: set DATABASE_URL to a PostgreSQL database (or use 'start' for the embedded one).`);
    }
    await run(command, config);
    return;
  }
  if (command === "migrate") {
    if (!config.databaseUrl && runningEmbedded(config.dataDir)) {
      console.log("Leadflow is running on this data dir and applied its migrations at start.");
      return;
    }
    const database = await openDatabase(config);
    await migrateDb(database);
    await database.close();
    console.log("Migrations applied.");
    return;
  }
  const admin = parseAdmin(argv);
  if (!admin) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  if (!config.databaseUrl && runningEmbedded(config.dataDir)) {
    console.log(await sendAdminCommand(config.dataDir, admin));
    return;
  }
  const database = await openDatabase(config);
  try {
    await migrateDb(database);
    console.log(await runAdminCommand(database, admin, { appUrl: config.appUrl }));
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((e: Error) => {
  console.error(`leadflow: ${e.message}`);
  process.exit(1);
});
