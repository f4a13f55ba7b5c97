import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log';

function appLogging(lines: Record<string, unknown>[], disableRequestLogging = false) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream },
    logController: new OneLinePerRequest({ disableRequestLogging }),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('broken');
  });
  return app;
}

describe('OneLinePerRequest', () => {
  it('logs each request once, when it ends, with what came in and what went out', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLogging(lines);
    await app.inject({ method: 'GET', url: '/ok' });
    await app.close();
    const requestLines = lines.filter((line) => line.reqId);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/ok' },
      res: { statusCode: 200 },
    });
    expect(requestLines[0]!.responseTime).toEqual(expect.any(Number));
  });

  it('still logs a failing request with its error, and nothing when request logging is off', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLogging(lines);
    await app.inject({ method: 'GET', url: '/fails' });
    await app.close();
    expect(lines.some((line) => line.res && (line.res as { statusCode: number }).statusCode === 500)).toBe(true);
    const quiet: Record<string, unknown>[] = [];
    const off = appLogging(quiet, true);
    await off.inject({ method: 'GET', url: '/ok' });
    await off.close();
    expect(quiet.filter((line) => line.reqId)).toEqual([]);
  });
});
