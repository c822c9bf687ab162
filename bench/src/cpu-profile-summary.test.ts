import { describe, expect, it } from 'vitest';
import { sourceOf, summarise, type CpuProfile } from './cpu-profile-summary.ts';

const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });

describe('a CPU profile summarised', () => {
  it('names a source by its package or its path in the repository', () => {
    expect(sourceOf('file:///x/node_modules/pg/lib/client.js')).toBe('pg');
    expect(sourceOf('file:///x/node_modules/@fastify/cookie/index.js')).toBe('@fastify/cookie');
    expect(sourceOf('file:///work/main/apps/server/src/services/oms/fills.ts')).toBe(
      'apps/server/src/services/oms/fills.ts',
    );
    expect(sourceOf('node:events')).toBe('node:events');
    expect(sourceOf('')).toBe('(native)');
  });

  it('counts self time where a sample landed and total time once for each function and file on its stack', () => {
    // root -> place (oms.ts) -> hash (oms.ts) -> hash (oms.ts, recursing); root -> idle
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', ''), children: [2, 5] },
        { id: 2, callFrame: frame('place', 'file:///r/apps/server/oms.ts'), children: [3] },
        { id: 3, callFrame: frame('hash', 'file:///r/apps/server/oms.ts'), children: [4] },
        { id: 4, callFrame: frame('hash', 'file:///r/apps/server/oms.ts') },
        { id: 5, callFrame: frame('(idle)', '') },
      ],
      samples: [4, 4, 3, 2, 5],
    };
    const summary = summarise(profile, 10);
    expect(summary.samples).toBe(5);
    expect(summary.selfByFunction).toEqual([
      { name: 'hash apps/server/oms.ts:1', share: 60 },
      { name: 'place apps/server/oms.ts:1', share: 20 },
      { name: '(idle) (native):1', share: 20 },
    ]);
    expect(summary.totalByFunction.slice(0, 3)).toEqual([
      { name: '(root) (native):1', share: 100 },
      { name: 'place apps/server/oms.ts:1', share: 80 },
      { name: 'hash apps/server/oms.ts:1', share: 60 },
    ]);
    expect(summary.totalByFile).toEqual([
      { name: '(native)', share: 100 },
      { name: 'apps/server/oms.ts', share: 80 },
    ]);
  });
});
