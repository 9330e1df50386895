import { fileURLToPath } from 'node:url';
import type { UserConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

interface WebApp {
  /** The app's folder: `@/` is its src/. */
  dir: string;
  /** Where the app is served. */
  base: string;
  /** Paths the development server hands to the API on port 3000. */
  proxied: string[];
  /** The largest chunk, in kB, that builds without a warning. */
  chunkSizeWarningLimit?: number;
}

/** The build both web apps share: the import aliases, the output folder and the development proxy. */
export function webAppConfig({ dir, base, proxied, chunkSizeWarningLimit }: WebApp): UserConfig {
  return {
    base,
    resolve: {
      alias: { '@': `${dir}/src`, '@contracts': here('../src/contracts'), '@web-shared': here('.') },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: what the server reads to link a route's chunks from its HTML.
      manifest: true,
      chunkSizeWarningLimit,
      rolldownOptions: {
        onwarn(warning, warn) {
          // react-query and antd mark modules "use client" for server components; a browser bundle has no use for it.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
    server: { proxy: Object.fromEntries(proxied.map((path) => [path, 'http://localhost:3000'])) },
  };
}
