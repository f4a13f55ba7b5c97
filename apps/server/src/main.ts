import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp, SHUTDOWN_GRACE_MS } from './app';
import { ConfigError, loadConfig } from './config';
import { SecretError } from './lib/secrets';
import { classifyDatabaseError } from './lib/database-errors';
import { DatabaseInUseError, EmbeddedPostgresError, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { closeWorkers } from './lib/worker-task';
import { shutdownStep } from './lib/shutdown-step';
import { moveDatabaseFilesTo } from './lib/storage';
import { importLegacyUploads } from './features/talent/legacy-uploads';

const ERROR_EVENTS = ['uncaughtException', 'unhandledRejection'] as const;

// dist/main.js and src/main.ts both sit two levels below the repository root's apps/.
const defaultWebDist = path.resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));

async function main() {
  let config;
  try {
    config = loadConfig(process.env, { webDistDir: defaultWebDist });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : {
          embedded: {
            dir: path.join(config.dataDir, 'postgres'),
            port: config.embeddedPgPort,
            avoidPorts: [config.port],
            log: (message) => console.log(message),
          },
        },
  );
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  // Stops everything this process started, the embedded PostgreSQL last (after in-flight requests).
  const shutdown = async () => {
    const log = app?.log ?? console;
    await shutdownStep(log, 'the app (in-flight requests, then its close hooks)', async () => app?.close());
    await shutdownStep(log, 'the worker threads', closeWorkers);
    await shutdownStep(log, 'the database', () => database.close());
  };
  try {
    await runMigrations(database);
    app = await buildApp({ config, database });
    const log = app.log;
    await importLegacyUploads(app.db, app.storage, config.dataDir, log);
    await moveDatabaseFilesTo(app.storage, app.db, log);
    const grace = closeWithGrace({ delay: SHUTDOWN_GRACE_MS, skip: [...ERROR_EVENTS] }, async ({ signal }) => {
      log.info({ signal }, 'shutting down: finishing in-flight requests');
      await shutdown();
    });
    // An error nothing handled stops the server (exit 1, after in-flight requests), except a lost database
    // connection: the server is built to ride out a database outage (503s, liveness unhealthy past its grace, the
    // embedded PostgreSQL restarted), and a library that lets such an error escape (graphile-worker 0.17, when
    // PostgreSQL dies under a running worker) must not turn the outage into a dead server (main.test.ts, kill -9).
    let failing = false;
    const onError = (err: unknown) => {
      if (classifyDatabaseError(err) === 'unavailable') {
        log.warn({ err }, 'a lost database connection was not handled where it happened; carrying on');
        return;
      }
      log.error({ err }, failing ? 'another error while shutting down' : 'shutting down after an error');
      if (failing) return;
      failing = true;
      grace.uninstall();
      setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
      void shutdown()
        .catch((error: unknown) => log.error({ err: error }, 'shutdown failed'))
        .finally(() => process.exit(1));
    };
    for (const event of ERROR_EVENTS) process.on(event, onError);

    if (config.seedDemoData) {
      // Loaded only to seed: the demo world's faker (every locale, ~30 MB of heap) stays out of a production server.
      const { seedDemoData } = await import('./seed');
      const seed = await seedDemoData(database.db, app.secrets);
      if (seed.seeded) log.info('demo data seeded');
      printDemoLogins(seed.logins);
    }

    await app.listen({ port: config.port, host: config.host });
    log.info(
      `Referwell is running on http://localhost:${config.port} (database: ${database.driver === 'embedded' ? `embedded PostgreSQL in ${path.join(config.dataDir, 'postgres')}` : 'PostgreSQL'})`,
    );
  } catch (error) {
    await shutdown().catch(() => {});
    throw error;
  }
}

function printDemoLogins(logins: { role: string; email: string; password: string }[]) {
  if (logins.length === 0) return;
  const lines = logins.map((l) => `  ${l.role.padEnd(22)} ${l.email.padEnd(36)} ${l.password}`);
  console.log(`\nDemo logins:\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(
    'Referwell failed to start:',
    error instanceof DatabaseInUseError || error instanceof EmbeddedPostgresError || error instanceof SecretError
      ? error.message
      : error,
  );
  process.exit(1);
});
