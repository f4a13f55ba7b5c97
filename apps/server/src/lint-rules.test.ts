// The import rules of eslint.config.js must hold: each planted violation in apps/server/lint-fixtures is reported.
// A resolver or parser setting that goes missing lets every import pass silently (import-x/no-cycle once passed a
// two-file cycle), so this runs ESLint itself. The zone fixtures are linted as if they stood where their first line
// says ("planted at"), next to the real files they import.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = 'apps/server/lint-fixtures';
// The fixtures are in the config's ignores (kept out of `npm run lint`): linting them here needs ignores off.
const eslint = new ESLint({ cwd: repo, ignore: false });

/** The messages of one rule on real files (relative to the repository). */
async function reported(rule: string, files: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === rule).map((m) => m.message));
}

/** The no-restricted-paths messages of a zone fixture, linted at the path its first line names. */
async function zoneMessages(fixture: string): Promise<string[]> {
  const text = readFileSync(`${repo}${fixtures}/zones/${fixture}`, 'utf8');
  const plantedAt = /^\/\/ planted at: (\S+)/.exec(text)?.[1];
  if (!plantedAt) throw new Error(`${fixture}: the first line must say where it is planted`);
  const [result] = await eslint.lintText(text, { filePath: `${repo}${plantedAt}` });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('eslint import rules', () => {
  it('import-x/no-cycle reports a cycle of two files', async () => {
    const messages = await reported('import-x/no-cycle', [`${fixtures}/cycle/a.ts`, `${fixtures}/cycle/b.ts`]);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/Dependency cycle/);
  });

  const violations = readdirSync(`${repo}${fixtures}/zones`).filter((name) => !name.includes('listed-port'));
  it.each(violations)('the server layer zones report %s', async (fixture) => {
    const messages = await zoneMessages(fixture);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/Unexpected path .* imported in restricted zone/);
  });

  it('a web page that tests instanceof ApiError is reported; lib/api.ts, which defines the readers, is not', async () => {
    const text =
      "import { ApiError } from '@/lib/api';\nexport const denied = (e: unknown) => e instanceof ApiError;\n";
    const lint = async (at: string) => {
      const [result] = await eslint.lintText(text, { filePath: `${repo}apps/web/src/${at}` });
      return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
    };
    expect(await lint('features/jobs/planted.ts')).toEqual([expect.stringMatching(/isApiError/)]);
    expect(await lint('lib/api.ts')).toEqual([]);
  });

  it('a feature may use a port that lists it', async () => {
    expect(await zoneMessages('feature-imports-listed-port.ts')).toEqual([]);
    expect(await zoneMessages('feature-imports-unlisted-port.ts')).toHaveLength(1);
  });
});
