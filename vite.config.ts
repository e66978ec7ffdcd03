import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const API = process.env.API_URL ?? 'http://localhost:3000';
// regular expressions, not prefixes: '/lti' must not swallow the SPA route /ltiIntegrations
const proxied = ['^/api(/|$)', '^/lti(/|$)', '^/healthz$', '^/readyz$'];

// What every page runs, the login page included: React, the router, i18next, TanStack Query, Mantine's
// core and the components and app modules the login page renders. Kept in sync by hand: a module
// missing here only means one more file for /login (the bench shows it), never a broken page.
const BASE = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|clsx)[\\/]/,
  /@mantine[\\/]core[\\/]esm[\\/]core[\\/]/,
  /@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes|icons[\\/]Icon(AlertCircle|AlertTriangle|BuildingBank|Language))\.mjs$/,
  /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Alert|Anchor|ActionIcon|Button|Center|CloseButton|Combobox[\\/]ComboboxChevron|Group|Input|InputBase|Loader|NativeSelect|Paper|PasswordInput|Stack|Text|TextInput|Title|Transition|UnstyledButton)[\\/]/,
  /src[\\/](shared[\\/](constants|errors)|web[\\/](i18n[\\/]|lib[\\/](api|error-text|storage|queryClient)))/,
];
/** react-i18next's <Trans> and its HTML parser: only signed-in pages use them. */
const NOT_BASE = /react-i18next[\\/].*[\\/](Trans|TransWithoutContext|IcuTrans\w*)\.js|html-parse-stringify/;

/** Libraries only a page or two use: left to their pages' chunks. */
const RARE =
  /node_modules[\\/](@mantine[\\/](dates|dropzone|charts)|dayjs|react-dropzone|attr-accept|file-selector|recharts|victory-vendor|d3-[\w-]+|internmap|@reduxjs|react-redux|redux|redux-thunk|immer|reselect|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant)[\\/]/;

/** The web app: `index.html` at the repo root, sources in src/web, production build in dist/web. */
export default defineConfig({
  // brotli and gzip copies of every text asset, served as they are by @fastify/static (preCompressed)
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // catalogs are fetched as files (the CSP's connect-src does not allow data: URLs)
    assetsInlineLimit: (file: string) => (file.endsWith('.json') ? false : undefined),
    // every browser the app supports has <link rel="modulepreload">: no polyfill in the entry
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page runs in one file instead of a dozen shared chunks: fewer requests for /login
        // (each costs about 1 KB of headers) and a better compression ratio. Everything else is left
        // to the default splitting, so /login gets only the Mantine components it renders.
        codeSplitting: {
          groups: [
            { name: 'base', test: (id: string) => BASE.some((re) => re.test(id)) && !NOT_BASE.test(id) },
            // the UI libraries of the signed-in pages in one more file, not fifty chunks of a few hundred
            // bytes (each with its own 1 KB of headers); the rarely used heavy ones stay apart
            {
              name: 'ui',
              test: (id: string) => /node_modules/.test(id) && !RARE.test(id) && !/\.css$/.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: API, changeOrigin: false }])),
  },
});
