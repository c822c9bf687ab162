import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.KITE_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 600 },
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
