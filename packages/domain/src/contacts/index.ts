export { type EmailRejectReason, type EmailResult, emailRejectReasons, normalizeEmail } from "./email";
export {
  type CountryCode,
  MAX_PHONE_INPUT,
  type NormalizePhoneOptions,
  normalizePhone,
  type PhoneRejectReason,
  type PhoneResult,
  phoneRejectReasons,
} from "./phone";
export { checkIgnoreTemplateEntry, compileIgnoreTemplate } from "./phone-ignore-template";
export { getPhoneTemplate, putPhoneTemplate } from "./phone-template.service";
