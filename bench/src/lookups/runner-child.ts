import { openDb } from "@leadflow/db";
import { ProviderDownError, runLookupJob } from "@leadflow/domain";
import { noLive } from "./lookup-setup";

/*
 * F12's and F16's worker: one lookup runner in a process of its own, as a job worker runs it, so the parent can
 * kill it with SIGKILL at any point. `node --import tsx runner-child.ts <database url> <team id> <job id>
 * <Twilio url> [<Blacklist Alliance url>]`: prints STARTED when it begins running the job and OUTCOME <outcome>
 * when the runner returns (DOWN when the provider did not answer; the job retries later).
 */

const [url, teamId, jobId, providerUrl, dncUrl] = process.argv.slice(2);
if (!url || !teamId || !jobId || !providerUrl) {
  console.error("usage: runner-child.ts <database url> <team id> <job id> <Twilio url> [<Blacklist Alliance url>]");
  process.exit(2);
}
const database = await openDb({ databaseUrl: url, poolSize: 4 });
try {
  process.stdout.write("STARTED\n");
  const baseUrls = { twilio_lookup: providerUrl, twilio_api: providerUrl, ...(dncUrl ? { black_list_alliance: dncUrl } : {}) };
  const outcome = await runLookupJob({ db: database.db, live: noLive, providerOptions: { baseUrls } }, Number(teamId), Number(jobId)).catch(
    (e: unknown) => {
      if (e instanceof ProviderDownError) return "down";
      throw e;
    },
  );
  process.stdout.write(`OUTCOME ${outcome}\n`);
} finally {
  await database.close();
}
