import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root: the nearest folder above this module's file whose package.json declares the workspaces. The
 * same answer whether the server runs from its sources (tsx, the tests), from its bundle (dist/main.mjs, `npm start`)
 * or from a benchmark's bundle (bench/dist), where every module shares the bundle's one file and a path relative to
 * "this file" would move.
 */
export const repoRoot = workspaceRootAbove(path.dirname(fileURLToPath(import.meta.url)));

/** The server package's folder, whose migrations the server runs. */
export const serverRoot = path.join(repoRoot, 'apps', 'server');

function workspaceRootAbove(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json with workspaces above ${from}`);
  }
}
