import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { redactUrl } from "../log";

/**
 * The readable log's requests: one line once a request is answered — method, URL, status, time — instead of Fastify's
 * two JSON lines. An error for a failure on our side (5xx), information otherwise (a client's 4xx is its own
 * mistake, not the server's), so the quiet default shows only the requests that failed.
 */
export class ReadableRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error || reply.statusCode >= 500) request.log.error(line);
    else request.log.info(line);
  }
}
