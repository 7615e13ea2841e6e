import type { ErrorMap } from "../shared/error-map";

export const conversationErrors = {
  conversation_not_found: { status: 404, message: "Conversation not found." },
  conversation_user_not_found: { status: 404, message: "That user is not a member of your team." },
  conversation_cursor_invalid: { status: 422, message: "The cursor is not valid; start from the first page." },
  conversation_suppressed: { status: 409, message: "This phone opted out: Leadflow sends it nothing." },
  conversation_no_sender: {
    status: 409,
    message: "No number of yours has texted this phone yet, so there is no number to reply from.",
  },
  conversation_sender_inactive: {
    status: 409,
    message: "The integration this phone texted can no longer send. Activate it in Settings → Integrations to reply.",
  },
  conversation_lead_no_phone: { status: 422, message: "This lead has no phone number to text." },
} as const satisfies ErrorMap;

declare module "../shared/errors" {
  interface AppErrorMaps {
    conversations: typeof conversationErrors;
  }
}
