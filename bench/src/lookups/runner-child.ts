import { openDb } from "@leadflow/db";
import { runLookupJob } from "@leadflow/domain";
import { noLive } from "./lookup-setup";

/*
 * F12's worker: one lookup runner in a process of its own, as a job worker runs it, so the parent can kill it
 * with SIGKILL at any point. `node --import tsx runner-child.ts <database url> <team id> <job id> <provider url>`:
 * prints STARTED when it begins running the job and OUTCOME <outcome> when the runner returns.
 */

const [url, teamId, jobId, providerUrl] = process.argv.slice(2);
if (!url || !teamId || !jobId || !providerUrl) {
  console.error("usage: runner-child.ts <database url> <team id> <job id> <provider url>");
  process.exit(2);
}
const database = await openDb({ databaseUrl: url, poolSize: 4 });
try {
  process.stdout.write("STARTED\n");
  const outcome = await runLookupJob(
    { db: database.db, live: noLive, providerOptions: { baseUrls: { twilio_lookup: providerUrl, twilio_api: providerUrl } } },
    Number(teamId),
    Number(jobId),
  );
  process.stdout.write(`OUTCOME ${outcome}\n`);
} finally {
  await database.close();
}
