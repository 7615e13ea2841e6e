export {
  type GuessedAttributeType,
  guessAttributeType,
  type MappingAttribute,
  type MappingSuggestion,
  normalizeName,
  suggestMapping,
} from "./attribute-mapping";
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
