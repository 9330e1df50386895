import { defineConfig } from 'vite';
import { webAppConfig } from '../web-shared/vite-app.config.mts';

export default defineConfig(webAppConfig({ dir: import.meta.dirname, base: '/', proxied: ['/api', '/dev'] }));
