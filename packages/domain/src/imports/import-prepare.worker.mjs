// Worker threads do not inherit tsx's loader from every runner (vitest, plain node): register it here, then
// load the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import("./import-prepare.worker.ts");
