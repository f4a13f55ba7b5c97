// Test support: a local HTTP server on 127.0.0.1 that serves the page reader's fixture pages (packages/page-reader/
// fixtures) and fake applicant-tracking APIs (features/job-import/fixtures/ats), and records every request it receives
// (so tests can prove that a refused URL was never fetched).
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface FixtureServer {
  port: number;
  host: string;
  origin: string;
  /** Paths (with query) of every request received, in order. */
  hits: string[];
  /** Sets (or replaces) the handler for an exact path (without query). */
  route: (path: string, handler: Handler) => void;
  close: () => Promise<void>;
}

/** A page of the reader's fixtures ('jsonld-single.html', 'expected.json'). */
export { readFixture } from '@referwell/page-reader/fixtures';

const atsFixtures = fileURLToPath(new URL('../features/job-import/fixtures/ats/', import.meta.url));
/** An applicant-tracking API answer ('greenhouse-job.json') or the adapters' expectations ('expected.json'). */
export const readAtsFixture = (file: string) => readFileSync(`${atsFixtures}${file}`, 'utf8');

export const html =
  (body: string, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
  };

export const json =
  (body: unknown, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

export const text =
  (body: string, contentType = 'text/plain'): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': contentType });
    res.end(body);
  };

export async function startFixtureServer(routes: Record<string, Handler> = {}): Promise<FixtureServer> {
  const table = new Map(Object.entries(routes));
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '/');
    const path = (req.url ?? '/').split('?')[0]!;
    const handler = table.get(path);
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
      return;
    }
    void Promise.resolve(handler(req, res)).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    host: `127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    hits,
    route: (path, handler) => table.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
