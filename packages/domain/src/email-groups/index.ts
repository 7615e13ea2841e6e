export { checkGroupEmails } from "./group-emails";
export * from "./sender-email-groups.service";
export * from "./spam-email-groups.service";
