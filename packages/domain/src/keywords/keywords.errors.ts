import { SystemKeywordLocked } from "@leadflow/contracts";
import type { ErrorMap } from "../shared/error-map";

export const keywordErrors = {
  keyword_not_found: { status: 404, message: "Keyword not found." },
  // 422 like the built-in Phone and Email attributes: the request is understood, the row is locked.
  keyword_system_locked: { status: 422, message: SystemKeywordLocked },
  keyword_word_taken: { status: 422, message: "A word of this keyword is already in another keyword of the same number." },
  keyword_phone_invalid: { status: 422, message: "Choose numbers of your SMS gateways, or All numbers." },
  keyword_gateway_invalid: { status: 422, message: "Choose an active SMS gateway." },
  keyword_campaign_invalid: { status: 422, message: "Choose an SMS Trigger or Email Trigger campaign." },
  // The save names the answer and the field; this is the text when a caller has no better one.
  keyword_answer_too_long: { status: 422, message: "An opt-out or help answer would not fit one SMS." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    keywords: typeof keywordErrors;
  }
}
