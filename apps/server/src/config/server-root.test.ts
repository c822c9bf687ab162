import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, serverRoot } from './server-root.ts';

describe('serverRoot', () => {
  it('is the server package, whose migrations and the repository around it are where the server reads them', () => {
    const pkg = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { name: string };
    expect(pkg.name).toBe('@kite/server');
    expect(existsSync(path.join(serverRoot, 'src/db/migrations/0001_init.sql'))).toBe(true);
    expect(path.relative(repoRoot, serverRoot)).toBe(path.join('apps', 'server'));
  });
});
