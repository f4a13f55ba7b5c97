/**
 * The benchmark's ceiling: bare Fastify answering a small JSON object on loopback, in its own process (started by
 * `measureBare` in bench/support.ts with the Node.js options the server runs with), so that it competes with the load
 * generator for the machine's cores exactly as the server under test does. Prints its port as one JSON line.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ ok: true }));
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ port: app.server.address().port })}\n`);
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
