export * from "./compliance-file.jobs";
export * from "./compliance-file-run";
export * from "./compliance-files";
export * from "./compliance-links";
export * from "./consent-skips";
export * from "./dnc-rule";
export * from "./lead-consent";
export * from "./lead-dossier";
