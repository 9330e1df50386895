import { defineConfig } from 'vite';
import { webAppConfig } from '../web-shared/vite-app.config.mts';

export default defineConfig(
  webAppConfig({
    dir: import.meta.dirname,
    base: '/admin/',
    proxied: ['/api'],
    // The analytics page's chunk carries the chart library (about 480 KB gzipped); staff load it only there.
    chunkSizeWarningLimit: 2000,
  }),
);
