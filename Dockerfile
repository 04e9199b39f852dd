# The app image: the API and the built web app (api/main.ts, bundled into
# dist/server/main.mjs), run with plain node against DATABASE_URL, an external
# zero-cache and an S3 bucket. See docs/deployment.md and ADR 015.

# ---- build: every dependency; the web app and the server bundle ---------------
# `npm run build` is api/dev/build-cli.ts. The context has no tests/ (.dockerignore),
# so the server bundle builds only if api/main.ts imports nothing of them; the
# runtime stage below takes the bundle alone, nothing of api/dev/ or the sources.
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && test -f dist/web/.source-hash && test -f dist/server/main.mjs

# ---- runtime dependencies: production only ------------------------------------
FROM node:22-bookworm-slim AS deps
WORKDIR /app
ENV npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false
COPY package.json package-lock.json ./
# No install scripts: the ones package.json approves (allowScripts) belong to
# development (Node 22 from npm, embedded Postgres, esbuild) or to zero-cache's
# SQLite, which this process never loads (zero-cache runs in its own image).
RUN npm ci --omit=dev --ignore-scripts

# ---- runtime ------------------------------------------------------------------
FROM node:22-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY migrations ./migrations
COPY --from=build /app/dist/web ./dist/web
COPY --from=build /app/dist/server ./dist/server
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/server/main.mjs"]
