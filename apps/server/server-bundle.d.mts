import type { BuildOptions } from 'esbuild';

export function serverBundleOptions(entryPoints: string[], outdir: string): BuildOptions;
