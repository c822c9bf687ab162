import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A benchmark's child process module beside the running one: its bundle when this process runs from bench/dist (the
 * `.mjs` beside it), else its source through tsx.
 */
export function childModule(parentUrl: string, name: string): { modulePath: string; execArgv: string[] } {
  const parent = fileURLToPath(parentUrl);
  const folder = path.dirname(parent);
  return parent.endsWith('.mjs')
    ? { modulePath: path.join(folder, `${name}.mjs`), execArgv: [] }
    : { modulePath: path.join(folder, `${name}.ts`), execArgv: ['--import', 'tsx'] };
}
