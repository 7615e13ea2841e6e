export * from "./app-settings.service";
export * from "./secrets.service";
