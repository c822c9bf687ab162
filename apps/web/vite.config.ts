import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.KITE_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The domain package only defines things (schemas, messages, rules): a module none of whose exports a chunk
      // uses can be left out of it, which keeps the area contracts out of the first screen.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/domain/') },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': server,
      '/dev': server,
      '/generateCaptcha': server,
      '/depository': server,
      '/stream': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});
