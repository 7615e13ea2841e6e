import { AppError } from "@leadflow/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";

/**
 * zod's own texts for an absent value or a non-number ("Invalid input: expected string, received undefined")
 * mean nothing to a person; contracts give the spec's texts, this covers every other field.
 */
function readable(field: string, message: string): string {
  if (field === "request" && /^Invalid input: expected object/.test(message)) return "The request body must be a JSON object.";
  const label = (field.split(".").pop() ?? field).replace(/_/g, " ");
  if (/received (undefined|null)$/.test(message)) return `The ${label} field is required.`;
  if (/expected number, received NaN$/.test(message)) return `The ${label} must be a number.`;
  return message;
}

function validationBody(issues: { field: string; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const { field, message } of issues) (errors[field] ??= []).push(readable(field, message));
  return { message: Object.values(errors)[0]?.[0] ?? "The given data was invalid.", errors };
}

/**
 * PostgreSQL's verdict on a value the contracts let through (a NUL byte, a number out of range): the request's
 * fault, so a 422, not a 500. Drizzle wraps the driver's error in `cause`.
 */
const BAD_VALUE_SQLSTATES = new Set(["22021", "22P05", "22003", "22001"]);
function badValueError(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && BAD_VALUE_SQLSTATES.has(code)) return true;
  }
  return false;
}

/** One place maps every failure to the API's error shape; nothing leaks a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const issue = v.params?.issue as { path?: PropertyKey[] } | undefined;
        const path = (issue?.path ?? []).map(String);
        const field = path.length ? path.join(".") : v.instancePath.replace(/^\//, "").replace(/\//g, ".") || "request";
        return { field, message: v.message ?? "The value is invalid." };
      });
      return reply.status(422).send(validationBody(issues));
    }
    if (error instanceof ZodError) {
      const issues = error.issues.map((i) => ({ field: i.path.map(String).join(".") || "request", message: i.message }));
      return reply.status(422).send(validationBody(issues));
    }
    if (badValueError(error)) return reply.status(422).send({ message: "The request contains a value that cannot be stored." });
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      // Drizzle puts the query's parameters (hashes, tokens) into its message: log the driver's cause instead.
      const cause = (error as { cause?: { message?: string; code?: string } }).cause;
      const query = /^Failed query/.test(error.message);
      req.log.error(
        {
          code: cause?.code ?? error.code,
          message: query ? (cause?.message ?? "query failed") : error.message,
          stack: query ? undefined : error.stack,
        },
        "request failed",
      );
      return reply.status(status).send({ message: "Something went wrong on our side. Please try again." });
    }
    const message =
      status === 413 ? "The request is too large." : status === 415 ? "Unsupported content type." : error.message || "Bad request.";
    return reply.status(status).send({ message });
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ message: `No route for ${req.method} ${req.url.split("?")[0]}.` }));
}
