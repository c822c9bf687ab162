import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Screens load on demand: the first render of one transforms its modules, which on a loaded 2-core machine
    // (npm test runs the server tests beside these) can take longer than the default 5 s for a whole test.
    testTimeout: 15_000,
  },
});
