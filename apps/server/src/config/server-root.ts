import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server): the nearest folder holding a package.json above this module's file. The
 * same answer whether the server runs from its sources (tsx, the tests) or from its bundle (dist/main.mjs, `npm
 * start`), where every module shares the bundle's one file and a path relative to "this file" would move.
 */
export const serverRoot = packageFolderAbove(path.dirname(fileURLToPath(import.meta.url)));

function packageFolderAbove(from: string): string {
  for (let folder = from; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json above ${from}`);
  }
}

/** The repository's root: the server package sits at apps/server. */
export const repoRoot = path.resolve(serverRoot, '../..');
