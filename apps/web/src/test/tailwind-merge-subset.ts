/**
 * Writes src/lib/tailwind-merge-config.ts: tailwind-merge's default config cut down to the class groups of the
 * Tailwind classes written anywhere in apps/web/src (every string literal and template piece). The full config is
 * ~5 KB gzip of every page's first load; the app uses about a quarter of its groups.
 *
 *   npm run tailwind-merge-subset -w @referwell/web
 *
 * `tailwind-merge-config.test.ts` fails when the file is out of date or merges any pair of the app's classes unlike
 * the full config. Classification uses tailwind-merge's `unstable-do-not-import` entry, which exists for tooling that
 * classifies classes as the runtime does; it is used here (dev and test only), never in the bundle.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { format, resolveConfig } from 'prettier';
import { getDefaultConfig, twMerge, validators } from 'tailwind-merge';
import { createClassGroupUtils, createParseClassName, type AnyConfig } from 'tailwind-merge/unstable-do-not-import';

export const WEB_SRC = fileURLToPath(new URL('..', import.meta.url));
export const CONFIG_FILE = path.join(WEB_SRC, 'lib', 'tailwind-merge-config.ts');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(name) && full !== CONFIG_FILE) out.push(full);
  }
  return out;
}

/** Every whitespace-separated word of every string in the web app that the full tailwind-merge treats as a class. */
export function scanClassTokens(): string[] {
  const tokens = new Set<string>();
  for (const file of sourceFiles(WEB_SRC)) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
    const visit = (node: ts.Node) => {
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)
      ) {
        for (const word of node.text.split(/\s+/)) if (word) tokens.add(word);
      }
      node.forEachChild(visit);
    };
    visit(source);
  }
  // A class tailwind-merge knows is dropped when repeated; anything else is passed through as is.
  return [...tokens].filter((token) => twMerge(`${token} ${token}`) === token).sort();
}

type Value = unknown;
const validatorNames = new Map<Value, string>(Object.entries(validators).map(([name, fn]) => [fn, name]));
const isThemeGetter = (value: Value): value is { themeKey: string } =>
  typeof value === 'function' && 'isThemeGetter' in value;

export async function generateSubsetConfig(tokens: string[]): Promise<string> {
  const full = getDefaultConfig() as unknown as AnyConfig;
  const groupsOf = createClassGroupUtils(full);
  const parse = createParseClassName(full);
  const used = new Set<string>();
  for (const token of tokens) {
    const { baseClassName, maybePostfixModifierPosition } = parse(token);
    const id =
      (maybePostfixModifierPosition &&
        groupsOf.getClassGroupId(baseClassName.slice(0, maybePostfixModifierPosition))) ||
      groupsOf.getClassGroupId(baseClassName);
    if (!id) throw new Error(`tailwind-merge knows ${token} but has no class group for it`);
    used.add(id);
  }

  const themeKeys = new Set<string>();
  const collectTheme = (value: Value): void => {
    if (isThemeGetter(value)) {
      if (themeKeys.has(value.themeKey)) return;
      themeKeys.add(value.themeKey);
      for (const item of (full.theme as Record<string, Value[]>)[value.themeKey] ?? []) collectTheme(item);
    } else if (Array.isArray(value)) value.forEach(collectTheme);
    else if (value && typeof value === 'object') Object.values(value).forEach(collectTheme);
  };
  const classGroups = Object.fromEntries(Object.entries(full.classGroups).filter(([id]) => used.has(id)));
  collectTheme(classGroups);
  const theme = Object.fromEntries(Object.entries(full.theme).filter(([key]) => themeKeys.has(key)));
  const onlyUsed = (map: Record<string, readonly string[] | undefined>) =>
    Object.fromEntries(
      Object.entries(map)
        .filter(([id]) => used.has(id))
        .map(([id, ids]) => [id, (ids ?? []).filter((other) => used.has(other))])
        .filter(([, ids]) => ids!.length > 0),
    );

  // Serialise; an array written more than once becomes one shared constant.
  const counts = new Map<string, number>();
  const hoisted = new Map<string, string>();
  const declarations: string[] = [];
  const key = (name: string) => (/^[a-z_$][\w$]*$/i.test(name) ? name : JSON.stringify(name));
  const write = (value: Value, counting: boolean): string => {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      return JSON.stringify(value);
    if (isThemeGetter(value)) return `fromTheme(${JSON.stringify(value.themeKey)})`;
    if (typeof value === 'function') {
      const name = validatorNames.get(value);
      if (!name) throw new Error(`unknown function in tailwind-merge's config: ${value.toString().slice(0, 60)}`);
      return `v.${name}`;
    }
    if (Array.isArray(value)) {
      const code = `[${value.map((item) => write(item, counting)).join(', ')}]`;
      if (counting) {
        counts.set(code, (counts.get(code) ?? 0) + 1);
        return code;
      }
      if (value.length < 2 || (counts.get(code) ?? 0) < 2) return code;
      if (!hoisted.has(code)) {
        hoisted.set(code, `s${hoisted.size}`);
        declarations.push(`const s${hoisted.size - 1} = ${code};`);
      }
      return hoisted.get(code)!;
    }
    if (value && typeof value === 'object') {
      return `{ ${Object.entries(value)
        .map(([name, item]) => `${key(name)}: ${write(item, counting)}`)
        .join(', ')} }`;
    }
    throw new Error(`cannot write ${String(value)}`);
  };
  const config = {
    cacheSize: full.cacheSize,
    theme,
    classGroups,
    conflictingClassGroups: onlyUsed(full.conflictingClassGroups as Record<string, string[]>),
    conflictingClassGroupModifiers: onlyUsed(full.conflictingClassGroupModifiers as Record<string, string[]>),
    ...Object.fromEntries(
      Object.entries(full)
        .filter(([name]) => !['cacheSize', 'theme', 'classGroups', 'prefix'].includes(name))
        .filter(([name]) => !name.startsWith('conflictingClassGroup'))
        .map(([name, value]) => [
          name,
          name === 'postfixLookupClassGroups' ? (value as string[]).filter((id) => used.has(id)) : value,
        ]),
    ),
  };
  write(config, true);
  const body = write(config, false);

  const code = `// Generated by src/test/tailwind-merge-subset.ts (npm run tailwind-merge-subset -w @referwell/web): do not edit.
// tailwind-merge's default config, only the ${used.size} class groups the app's classes belong to.
import { fromTheme, validators as v, type Config } from 'tailwind-merge';

${declarations.join('\n')}

export const tailwindMergeConfig = (): Config<string, string> => (${body});
`;
  return format(code, { ...(await resolveConfig(CONFIG_FILE)), filepath: CONFIG_FILE });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(CONFIG_FILE, await generateSubsetConfig(scanClassTokens()));
  console.log(`wrote ${path.relative(process.cwd(), CONFIG_FILE)}`);
}
