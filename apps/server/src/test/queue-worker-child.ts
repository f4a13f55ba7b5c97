// A server process that only works the queue, for the kill -9 test (lib/mail/reliability.test.ts).
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl! });
const app = await buildApp({ config, database });
await app.ready();
process.send?.('ready');
