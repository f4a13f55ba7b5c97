import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it ends (method, URL, client, status, time), instead of Fastify's two
 * ("incoming request", then "request completed"): pino serialises each line and writes it to stdout synchronously on
 * the request's own thread, so the second line was a second serialisation and system call for every request at the
 * default level (ADR 0020, serve7). A request that never ends still ends in the log: the request timeout answers it.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
