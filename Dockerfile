# syntax=docker/dockerfile:1
# Build: `npm ci` from the lock (no dependency install scripts: nothing here needs one, and the Prisma engines'
# postinstall would only download a native engine the project never runs), the Prisma client generated, the
# server built with its PGlite template (node_modules/.cache/commerce-api), then only what runs is kept.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --ignore-scripts --no-audit --no-fund && node scripts/prisma-generate.js
COPY tsconfig.json nest-cli.json .swcrc ./
COPY src ./src
# Then only what runs is kept. `--omit=optional` also drops what is both a dev dependency and an optional peer
# of @prisma/client: the prisma CLI (with its studio and dev server) and TypeScript, about 400 MB the server
# never loads (migrations run through @prisma/schema-engine-wasm, a dependency of its own). Type declarations
# and source maps go too, and of Prisma's query compilers only PostgreSQL's fast one, the one the generated
# client loads, stays (the others are for MySQL, SQLite, SQL Server and CockroachDB, or size-optimised).
RUN npm run build \
  && npm prune --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete \
  && find node_modules/@prisma/client/runtime -name 'query_compiler_*' ! -name 'query_compiler_fast_bg.postgresql.*' -delete \
  && npm cache clean --force

FROM node:24-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 PGLITE_DATA_DIR=/data/pglite FILES_DIR=/data/files
# glibc's malloc with its default thresholds fixed (no dynamic raise after large frees): less memory kept after
# load (docs/operations.md, "Memory"). Read by glibc when the process starts, so it is set here, not by the server.
ENV GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072
WORKDIR /app
# The application stays owned by root: the server (user node, uid 1000) writes only under /data.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=10s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations run first (advisory-locked, so several replicas may start together), then the server, with the
# same V8 heap cap as `npm start` (docs/operations.md, "Memory"). Both stop at once, saying how to fix it, when /data is
# a folder the node user cannot write.
CMD ["sh", "-c", "node scripts/db-migrate.js && exec node --max-old-space-size=192 --max-semi-space-size=16 dist/main.js"]
