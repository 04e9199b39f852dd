# The app image: the Hono API plus the built web app, run with STACK_ROLE=api
# (no embedded Postgres, no zero-cache child). See docs/deployment.md.

# ---- build: install every dependency, build the web app ----------------------
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# `npm run build` writes dist/web and stamps it with its sources' hash, so the
# runner never rebuilds at start-up (it could not: the runtime user cannot write to /app).
RUN npm run build && test -f dist/web/.source-hash

# ---- runtime -----------------------------------------------------------------
FROM node:22-bookworm-slim AS runtime
WORKDIR /app
# node_modules/.bin first on the PATH, as `npx` would put it: `tsx` and `node`
# are then the project's pinned copies (node 22.23.3 from the `node` package),
# with no npm process between the container's init and the app.
ENV NODE_ENV=production \
    STACK_ROLE=api \
    HOST=0.0.0.0 \
    PORT=3000 \
    PATH=/app/node_modules/.bin:$PATH
# node_modules keeps the dev dependencies: the entry point runs through tsx,
# which is a devDependency (see docs/deployment.md, "The image").
COPY --from=build /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# = `npx tsx api/runner/start.ts` with STACK_ROLE=api: API + static web only.
CMD ["tsx", "api/runner/start.ts"]
