import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp, SHUTDOWN_GRACE_MS } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseInUseError, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { closeWorkers } from './lib/worker-task';
import { seedDemoData } from './db/seed';

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

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await runMigrations(database);
  const app = await buildApp({ config, database });

  // app.close() stops accepting connections and lets in-flight requests finish (see SHUTDOWN_GRACE_MS).
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await app.close();
    await closeWorkers();
    await database.close();
  });

  if (config.seedDemoData) {
    const seed = await seedDemoData(database.db);
    if (seed.seeded) app.log.info('demo data seeded');
    printDemoLogins(seed.logins);
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Referwell is running on http://localhost:${config.port} (database: ${database.driver === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

function printDemoLogins(logins: { role: string; email: string; password: string }[]) {
  if (logins.length === 0) return;
  const lines = logins.map((l) => `  ${l.role.padEnd(22)} ${l.email.padEnd(36)} ${l.password}`);
  console.log(`\nDemo logins:\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error('Referwell failed to start:', error instanceof DatabaseInUseError ? error.message : error);
  process.exit(1);
});
