import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { signIn } from '../support/auth.ts';
import { browserSuite } from '../support/suite.ts';

// Issue 5: the first screen's JavaScript at or under 200 KB gzipped; every other area loaded on demand.
const FIRST_SCREEN_LIMIT_BYTES = 200 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const webDist = inject('webDist');
const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** The entry chunk and everything it imports statically: what the browser must load before the first screen shows. */
function firstScreenFiles(): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

function chunkOf(source: string): string {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not a chunk of its own`);
  return chunk.file;
}

const gzipped = (file: string): number => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;

describe('the first screen of the built web app', () => {
  it('is at most 200 KB of gzipped JavaScript', () => {
    const files = firstScreenFiles();
    const bytes = files.reduce((sum, file) => sum + gzipped(file), 0);
    console.log(
      JSON.stringify({
        check: 'first-screen-js',
        files: files.length,
        gzipBytes: bytes,
        limitBytes: FIRST_SCREEN_LIMIT_BYTES,
      }),
    );
    expect(files.length).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(FIRST_SCREEN_LIMIT_BYTES);
  });

  it('keeps every /home area and the heavy libraries out of it', () => {
    const first = new Set(firstScreenFiles());
    const areas = [
      'src/features/dashboard/DashboardPage.tsx',
      'src/features/watchlist/WatchlistPage.tsx',
      'src/features/orders/MyOrdersPage.tsx',
      'src/features/positions/NetPositionsPage.tsx',
      'src/features/scrip-details/ScripDetailsPage.tsx',
      'src/features/basket/BasketPage.tsx',
      'src/features/payment/PaymentEntryPage.tsx',
      'src/features/charts/ChartsPage.tsx',
      'src/features/ipo/IpoPage.tsx',
      'src/features/charts/ChartDialog.tsx',
    ];
    for (const area of areas) expect(first.has(chunkOf(area)), area).toBe(false);
    const firstScreenSources = readFirstScreenSources(first);
    for (const library of ['lightweight-charts', 'write-excel-file', 'react-day-picker']) {
      expect(
        firstScreenSources.some((source) => source.includes(`/node_modules/${library}/`)),
        library,
      ).toBe(false);
    }
  });
});

/** The original source paths bundled into the first screen's chunks, from their source maps. */
function readFirstScreenSources(files: Set<string>): string[] {
  return [...files].flatMap((file) => {
    const map = JSON.parse(readFileSync(path.join(webDist, `${file}.map`), 'utf8')) as { sources: string[] };
    return map.sources;
  });
}

describe('loading areas on demand in a real browser', () => {
  const s = browserSuite();
  const fetched: string[] = [];
  beforeAll(() => {
    s.page.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname.replace(/^\//, ''));
    });
  });

  it('fetches only the first screen for the login page, and an area when it is opened', async () => {
    fetched.length = 0;
    await s.context.clearCookies();
    await s.page.goto('/base/login');
    await s.page.getByRole('button', { name: 'LOGIN' }).waitFor();
    const first = new Set(firstScreenFiles());
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.filter((file) => !first.has(file))).toEqual([]);

    await signIn(s.page, 'DEMO1');
    await expect.poll(() => fetched.includes(chunkOf('src/features/dashboard/DashboardPage.tsx'))).toBe(true);
    expect(fetched).not.toContain(chunkOf('src/features/watchlist/WatchlistPage.tsx'));

    await s.page.goto('/home/watchlist');
    await s.page.waitForURL('**/home/watchlist');
    await expect.poll(() => fetched.includes(chunkOf('src/features/watchlist/WatchlistPage.tsx'))).toBe(true);
  });
});
