# courseware-admin: the production build (npm run build) and a runtime image with dist/ and the
# production node_modules only. ops/production-install.test.ts performs these steps in order in a
# clean folder on every `npm test` (no image registry is reachable from the build machines, so the
# image itself is not built there); keep each step one COPY, RUN, WORKDIR or ENV line.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY index.html vite.config.ts tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
ENV PORT=3000
ENV HOST=0.0.0.0
ENV DATA_DIR=/app/data
ENV DEMO_SEED=false
ENV LOG_FORMAT=json
ENV NODE_COMPILE_CACHE=/app/data/.compile-cache
# glibc's malloc setting (docs/decisions/0005), set here so the server boots once: without it, it starts
# again with the setting (docs/operations.md, section 2)
ENV GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src/server/db/migrations ./src/server/db/migrations
# 1000: the user `node` of the node images
RUN mkdir -p data && chown 1000:1000 data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "-e", "const port = process.env.ROLE === 'worker' ? process.env.METRICS_PORT : process.env.PORT || 3000; fetch('http://127.0.0.1:' + port + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# node itself is PID 1 (exec form, no shell): it handles SIGTERM/SIGINT with a graceful stop
CMD ["node", "--max-old-space-size=512", "--max-semi-space-size=8", "--min-semi-space-size=8", "dist/server/main.mjs"]
