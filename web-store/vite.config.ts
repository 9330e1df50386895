import { defineConfig } from 'vite';
import { webAppConfig } from '../web-shared/vite-app.config.mts';

export default defineConfig(webAppConfig({ base: '/', proxied: ['/api', '/dev'] }));
