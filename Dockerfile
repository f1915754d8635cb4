# syntax=docker/dockerfile:1
# Build stages run the same commands as CI (npm install → postinstall generates the Prisma client → nest build).
FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY tsconfig.json nest-cli.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

FROM node:20-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 PGLITE_DATA_DIR=/data/pglite FILES_DIR=/data/files
# glibc's malloc with its default thresholds fixed (no dynamic raise after large frees): less memory kept after
# load (docs/operations.md, "Memory"). Read by glibc when the process starts, so it is set here, not by the server.
ENV GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/prisma ./prisma
COPY --from=build --chown=node:node /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations run first (advisory-locked, so several replicas may start together), then the server, with the
# same V8 heap cap as `npm start` (docs/operations.md, "Memory").
CMD ["sh", "-c", "node scripts/db-migrate.js && exec node --max-old-space-size=192 dist/main.js"]
