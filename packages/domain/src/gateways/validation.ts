import { ZodError } from "zod";

/**
 * A 422 whose body is the request validator's own ({ message, errors: { "params.auth_token": [...] } }): the
 * server maps a ZodError to exactly that, and the dialog puts each message under its field. errors.ts has no
 * code for "these fields are invalid", and the first field's text is the right summary anyway.
 */
export function invalid(errors: Record<string, string[]>): ZodError {
  return new ZodError(
    Object.entries(errors).flatMap(([field, messages]) =>
      messages.map((message) => ({ code: "custom" as const, path: field.split("."), message, input: undefined })),
    ),
  );
}
