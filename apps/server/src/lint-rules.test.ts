// The import rules of eslint.config.js must hold: each planted violation below is reported. A resolver or parser
// setting that goes missing lets every import pass silently (import-x/no-cycle once passed a two-file cycle).
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
// The fixtures are in the config's ignores (kept out of `npm run lint`): linting them here needs ignores off.
const eslint = new ESLint({ cwd: repo, ignore: false });

/** The messages of one rule on real files (relative to the repository). */
async function reported(rule: string, files: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === rule).map((m) => m.message));
}

describe('eslint import rules', () => {
  it('import-x/no-cycle reports a cycle of two files', async () => {
    const messages = await reported('import-x/no-cycle', [
      'apps/server/lint-fixtures/cycle/a.ts',
      'apps/server/lint-fixtures/cycle/b.ts',
    ]);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/Dependency cycle/);
  });
});
