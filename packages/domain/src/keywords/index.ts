export { keywordPhoneKey, keywordPhoneOptions } from "./keyword-phones";
export * from "./keywords.service";
export { getTeamMessaging, saveTeamMessaging, teamAnswerSender } from "./team-messaging";
