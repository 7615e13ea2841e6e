import {
  AppConfig,
  CampaignManualStatuses,
  CampaignStatusList,
  campaignStatusOptions,
  Industries,
  SystemProcessesResponse,
} from "@leadflow/contracts";
import { clearProcesses, getSetting, listProcesses } from "@leadflow/domain";
import type { App, AppDeps } from "../types";

export async function systemRoutes(app: App, { database, config }: AppDeps) {
  const db = database.db;
  app.get("/api/config", { config: { public: true }, schema: { response: { 200: AppConfig } } }, async () => ({
    app_name: "Leadflow",
    support_email: config.supportEmail,
    auto_approve: await getSetting(db, "auto_approve"),
    live: { key: config.liveKey, path: `/app/${config.liveKey}` },
    industries: Industries,
    import_max_bytes: config.importMaxBytes,
    campaign_status_list: campaignStatusOptions(CampaignStatusList),
    campaign_manual_status_list: campaignStatusOptions(CampaignManualStatuses),
    version: "0.1.0",
  }));
  app.get("/api/health", { config: { public: true } }, async () => {
    await database.query("SELECT 1");
    return { status: "ok", database: database.kind };
  });
  app.get("/api/processes", { schema: { response: { 200: SystemProcessesResponse } } }, async (req) => ({
    data: await listProcesses(db, req.auth),
  }));
  app.delete("/api/processes", { schema: { response: { 200: SystemProcessesResponse } } }, async (req) => {
    await clearProcesses(db, req.auth);
    return { data: await listProcesses(db, req.auth) };
  });
}
