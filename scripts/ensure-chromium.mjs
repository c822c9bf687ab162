// Browser tests use Debian's Chromium (never a downloaded browser build). Installs it when we can, else says how.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log('Chromium is missing: installing Debian package chromium ...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-core', {
      stdio: 'inherit',
    });
    if (existsSync(CHROMIUM)) return CHROMIUM;
  }
  throw new Error(
    `Chromium not found at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n` +
      'or set CHROMIUM_PATH to a Chromium binary.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
