import type { BuildOptions } from 'esbuild';

export const SERVER_BUNDLE: string;
export const bundleOptions: BuildOptions;
export function buildServer(): Promise<void>;
