import { AppError } from "@leadflow/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";

/** One place maps every failure to the API's error shape; nothing leaks a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const v of error.validation) {
        const path = (v.params?.issue?.path ?? []).map(String);
        const field = path.length ? path.join(".") : v.instancePath.replace(/^\//, "").replace(/\//g, ".") || "request";
        (errors[field] ??= []).push(v.message ?? "The value is invalid.");
      }
      const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
      return reply.status(422).send({ message: first, errors });
    }
    if (error instanceof ZodError) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.issues) (errors[issue.path.map(String).join(".") || "request"] ??= []).push(issue.message);
      return reply.status(422).send({ message: error.issues[0]?.message ?? "The given data was invalid.", errors });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, "request failed");
      return reply.status(status).send({ message: "Something went wrong on our side. Please try again." });
    }
    const message =
      status === 413 ? "The request is too large." : status === 415 ? "Unsupported content type." : error.message || "Bad request.";
    return reply.status(status).send({ message });
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ message: `No route for ${req.method} ${req.url.split("?")[0]}.` }));
}
