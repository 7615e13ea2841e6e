export * from "./mail.jobs";
export * from "./mail.service";
export * from "./mail.transport";
