import { type LookupType, SaveGateway } from "@leadflow/contracts";
import type { Database } from "@leadflow/db";
import {
  AppError,
  approveUser,
  createDefaultGateway,
  createUser,
  findUserByEmail,
  listOutbox,
  lookupPrices,
  seedDemo,
  setFreeLookups,
  setLookupPrices,
  setSetting,
  topUp,
} from "@leadflow/domain";
import { createLiveBus } from "../live/live-bus";
import { type PlanCommand, runPlanCommand } from "./plan-commands";

/** Admin commands, run against an open database: directly, or inside the running program via the admin socket. */
export type AdminCommand =
  | { name: "user.approve"; email: string }
  | { name: "user.create"; email: string; password: string; userName: string; admin: boolean }
  | { name: "seed.demo" }
  | { name: "mail.list"; limit: number }
  | { name: "settings.auto-approve"; value: boolean }
  | { name: "message"; email: string; text: string }
  | { name: "team.topup"; email: string; amount: number }
  | { name: "team.free-lookups"; email: string; items: number }
  | { name: "gateway.add-default"; kind: string; type: string; gatewayName: string; params: Record<string, string>; rate: number | null }
  | { name: "lookup.prices"; prices: Partial<Record<LookupType, number | undefined>> }
  | PlanCommand;

/** Where the program runs: the demo's messages carry links on the app's public address. */
export interface AdminEnv {
  appUrl?: string;
}

export async function runAdminCommand(database: Database, cmd: AdminCommand, env: AdminEnv = {}): Promise<string> {
  const db = database.db;
  try {
    switch (cmd.name) {
      case "user.approve": {
        const { user, changed } = await approveUser(db, cmd.email);
        return changed ? `Approved ${user.email} (user ${user.id}, team ${user.team_id}).` : `${user.email} was already approved.`;
      }
      case "user.create": {
        const user = await createUser(db, { email: cmd.email, password: cmd.password, name: cmd.userName, admin: cmd.admin });
        return `Created ${user.email} (user ${user.id}, team ${user.team_id}${cmd.admin ? ", installation admin" : ""}). The account is approved.`;
      }
      case "seed.demo": {
        const r = await seedDemo(db, { appUrl: env.appUrl });
        const what = r.created
          ? "Demo team created"
          : r.added
            ? "The demo team now has its leads and finished campaigns"
            : "The demo team already exists";
        return `${what}${r.skipped ? ` (${r.skipped})` : ""}. Sign in as ${r.email} / ${r.password}`;
      }
      case "mail.list": {
        const mails = await listOutbox(db, cmd.limit);
        if (!mails.length) return "The outbox is empty.";
        return mails
          .map(
            (m) =>
              `#${m.id}  ${m.created_at}  ${m.status}${m.transport ? ` via ${m.transport}` : ""}\nTo: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n${"-".repeat(60)}`,
          )
          .join("\n");
      }
      case "message": {
        // Reaches the user's open browser tabs as a toast, through whichever process serves their socket.
        const user = await findUserByEmail(db, cmd.email);
        if (!user) throw new AppError("user_not_found", `No user with the email ${cmd.email}.`);
        await createLiveBus(database).publisher.toUser(user.id, "UserMessage", { message: cmd.text });
        return `Message sent to ${user.email}.`;
      }
      case "team.topup": {
        const user = await findUserByEmail(db, cmd.email);
        if (!user) throw new AppError("user_not_found", `No user with the email ${cmd.email}.`);
        const balance = await topUp(db, user.team_id, cmd.amount, "Top-up by the platform");
        return `Added $${cmd.amount.toFixed(2)} to team ${user.team_id}; its balance is $${balance.toFixed(2)}.`;
      }
      case "team.free-lookups": {
        const user = await findUserByEmail(db, cmd.email);
        if (!user) throw new AppError("user_not_found", `No user with the email ${cmd.email}.`);
        await setFreeLookups(db, user.team_id, cmd.items);
        return `Team ${user.team_id} has ${cmd.items} free lookups left.`;
      }
      case "gateway.add-default": {
        const input = SaveGateway.safeParse({
          kind: cmd.kind,
          type: cmd.type,
          name: cmd.gatewayName,
          params: cmd.params,
          rate_limit: cmd.rate,
        });
        if (!input.success) throw new Error(input.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join(" "));
        const g = await createDefaultGateway(db, input.data).catch((e: unknown) => {
          const issues = (e as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
          throw issues ? new Error(issues.map((i) => `${i.path.join(".")}: ${i.message}`).join(" ")) : e;
        });
        return `Default gateway ${g.name} (id ${g.id}) is offered to every team.`;
      }
      case "lookup.prices": {
        const given = Object.fromEntries(Object.entries(cmd.prices).filter(([, v]) => v !== undefined));
        if (Object.keys(given).length) await setLookupPrices(db, given);
        const p = await lookupPrices(db);
        return `Price per item: SMS lookup $${p[1]}, email lookup $${p[2]}, SMS DNC $${p[3]}, consent certificate $${p[4]}, Reassigned Numbers $${p[5]}.`;
      }
      case "plans":
      case "team.plan":
      case "settings.default-plan":
        return await runPlanCommand(db, cmd);
      case "settings.auto-approve": {
        await setSetting(db, "auto_approve", cmd.value);
        return `New registrations are ${cmd.value ? "approved automatically" : "pending until approved"}.`;
      }
    }
  } catch (e) {
    if (e instanceof AppError) {
      const details = e.errors ? Object.values(e.errors).flat().join(" ") : "";
      throw new Error(details && details !== e.message ? `${e.message} ${details}` : e.message);
    }
    throw e;
  }
}
