import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('configuration from the environment', () => {
  it('refuses an empty DATA_DIR rather than putting the database in the working folder', () => {
    expect(() => loadConfig({ DATA_DIR: '' })).toThrow(/DATA_DIR: must name a folder/);
    expect(loadConfig({ DATA_DIR: '/srv/kite' }).dataDir).toBe('/srv/kite');
  });
});
