import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = process.env.API_URL ?? 'http://localhost:3000';
// regular expressions, not prefixes: '/lti' must not swallow the SPA route /ltiIntegrations
const proxied = ['^/api(/|$)', '^/lti(/|$)', '^/healthz$', '^/readyz$'];

/** The web app: `index.html` at the repo root, sources in src/web, production build in dist/web. */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // catalogs are fetched as files (the CSP's connect-src does not allow data: URLs)
    assetsInlineLimit: (file: string) => (file.endsWith('.json') ? false : undefined),
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
  },
});
