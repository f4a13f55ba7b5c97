import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** How `npm start` starts the server: the environment it sets before `node`, and its Node.js options. */
export interface ProductionStart {
  env: Record<string, string>;
  nodeOptions: string[];
}

/**
 * The production start command (`npm start` in the root package.json): the environment it sets before `node` (the C
 * allocator's, `MALLOC_ARENA_MAX`) and its Node.js options (runtime limits such as the heap's and its growth; ADR
 * 0019), so the tests and the benchmark run the server as production starts it.
 */
export function productionStart(): ProductionStart {
  const rootPackage = fileURLToPath(new URL('../../../../package.json', import.meta.url));
  const { scripts } = JSON.parse(readFileSync(rootPackage, 'utf8')) as { scripts: Record<string, string> };
  const command = /((?:\b[A-Z_]+=\S+\s+)*)\bnode((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js/.exec(
    scripts.start ?? '',
  );
  if (!command) throw new Error('package.json "start" does not run node apps/server/dist/main.js');
  const env = Object.fromEntries(
    command[1]!
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((assignment) => [
        assignment.slice(0, assignment.indexOf('=')),
        assignment.slice(assignment.indexOf('=') + 1),
      ]),
  );
  return { env, nodeOptions: command[2]!.trim().split(/\s+/).filter(Boolean) };
}
