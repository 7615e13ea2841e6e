export { keywordPhoneKey, keywordPhoneOptions } from "./keyword-phones";
export * from "./keywords.service";
