import { AppError } from "@leadflow/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";

/** A zod issue, as zod throws it or as the type provider hands it over (code and path taken out). */
interface Issue {
  code?: string;
  path?: readonly PropertyKey[];
  message: string;
  errors?: readonly (readonly Issue[])[];
  origin?: string;
  maximum?: number | bigint;
}

/**
 * zod's own texts for an absent value or a non-number ("Invalid input: expected string, received undefined")
 * mean nothing to a person; contracts give the product's texts, this covers every other field.
 */
function readable(field: string, { code, message, origin, maximum }: Issue): string {
  if (field === "request" && /^Invalid input: expected object/.test(message)) return "The request body must be a JSON object.";
  const label = (field.split(".").pop() ?? field).replace(/_/g, " ");
  if (/received (undefined|null)$/.test(message)) return `The ${label} field is required.`;
  if (/expected number, received NaN$/.test(message)) return `The ${label} must be a number.`;
  if (code === "too_big" && origin === "array" && message.startsWith("Too big:"))
    return `The ${label} may not have more than ${maximum} items.`;
  return message;
}

/** Codes that mean the input has another option's shape, rather than a wrong value in this option's shape. */
const SHAPE_CODES = new Set(["invalid_type", "invalid_value", "invalid_union", "unrecognized_keys"]);

/**
 * A failed union says only "Invalid input". When one option has the input's shape (its issues are about values,
 * like a list that is too long), its issues say what is wrong; when none stands out, the union's text stays.
 */
function closestOption(options: readonly (readonly Issue[])[]): readonly Issue[] | undefined {
  const misses = options.map((issues) => issues.filter((i) => SHAPE_CODES.has(i.code ?? "")).length);
  const fewest = Math.min(...misses);
  return misses.filter((m) => m === fewest).length === 1 ? options[misses.indexOf(fewest)] : undefined;
}

function fieldIssues(issue: Issue, at: readonly string[]): { field: string; message: string }[] {
  const path = [...at, ...(issue.path ?? []).map(String)];
  const closest = issue.code === "invalid_union" && issue.errors?.length ? closestOption(issue.errors) : undefined;
  if (closest) return closest.flatMap((option) => fieldIssues(option, path));
  const field = path.join(".") || "request";
  return [{ field, message: readable(field, issue) }];
}

function validationBody(issues: { field: string; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const { field, message } of issues) (errors[field] ??= []).push(message);
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
      return reply.status(error.status).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.detail ? { detail: error.detail } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.flatMap((v) => {
        const path = v.instancePath.split("/").filter(Boolean);
        return fieldIssues({ ...(v.params as Partial<Issue>), code: v.keyword, message: v.message ?? "The value is invalid." }, path);
      });
      return reply.status(422).send(validationBody(issues));
    }
    if (error instanceof ZodError) {
      return reply.status(422).send(validationBody(error.issues.flatMap((i) => fieldIssues(i, []))));
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
