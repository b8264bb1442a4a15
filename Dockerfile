# syntax=docker/dockerfile:1
# The portal as an image (issue 18, production run; docs/deployment.md). Three stages:
#   deps    – the runtime dependencies only (npm ci --omit=dev)
#   build   – every dependency, the assistant's model and the Remix build (npm run build)
#   runtime – Node on Debian slim, the runtime dependencies, the compiled server (build/server,
#             decision 076) and the data files it reads (migrations, translations, the assistant's
#             model), as the unprivileged user `node`; no TypeScript source, no tsx. No browser:
#             Chromium is for the browser tests only and is in no stage of this file.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
# The runtime dependencies only, without install scripts: the root's postinstall is patch-package, a
# dev dependency (argon2, the one runtime dependency with a script, ships prebuilt binaries). The
# patches the server needs at run time (React's stream, decision 063) are applied by patch-package at
# the version the lock file has.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npx --yes patch-package@8.0.1

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The patches first: npm ci applies them (postinstall), and the client build bundles the patched router.
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/intents/model ./intents/model
COPY --chown=node:node package.json ./
COPY --chown=node:node server/db/migrations ./server/db/migrations
COPY --chown=node:node locales ./locales
COPY --chown=node:node public ./public
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Alive: the process answers. (Ready for traffic is /readyz: database reachable, migrations applied.)
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server is PID 1 (no npm or shell in between): SIGTERM reaches it and it shuts down gracefully.
STOPSIGNAL SIGTERM
CMD ["node", "--heap-growing-percent=50", "--no-allocation-site-pretenuring", "build/server/server.js"]
