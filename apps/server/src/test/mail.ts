import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from './harness';
import { drainQueue } from './queue';

/** Every mail (headers and text part) the app wrote to its outbox for `email`, after the queue ran. */
export async function mailsTo(t: TestApp, email: string): Promise<string[]> {
  await drainQueue(t.database);
  const outbox = path.join(t.app.config.dataDir, 'outbox');
  const safe = email.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith(`-${safe}.txt`)).sort();
  return Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
}

/** The first link in a mail whose path starts with `pathPrefix`, as path + query. */
export function linkIn(mail: string, pathPrefix: string): string {
  const url = mail.match(/https?:\/\/[^\s<>"\]]+/g)?.find((u) => new URL(u).pathname.startsWith(pathPrefix));
  if (!url) throw new Error(`No ${pathPrefix} link in:\n${mail}`);
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/** Mails to `email` containing `text`, waiting until there are `count` of them (or 15 s): for delayed mail. */
export async function mailsContaining(t: TestApp, email: string, text: string, count: number): Promise<string[]> {
  for (let waited = 0; ; waited += 250) {
    const mails = (await mailsTo(t, email)).filter((m) => m.includes(text));
    if (mails.length >= count || waited > 15_000) return mails;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
