import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('../src/contracts', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
