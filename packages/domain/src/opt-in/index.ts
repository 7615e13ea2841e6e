export { type PublicForm, publicSignupForm, type SubmissionMeta, type SubmitResult, submitSignupForm } from "./form-submit";
export { checkFormToken, issueFormToken } from "./form-token";
export { listGrowth, listOptInRequests } from "./list-growth";
export { cancelOptIns, confirmOptIns, optInRequestText, requestKeywordOptIn } from "./opt-in-replies";
export { formBaseUrl, getSignupForm, saveSignupForm } from "./signup-forms.service";
