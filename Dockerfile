# Production image: the prerendered site, the API and the outbox worker in one Node process.
# See docs/deploy.md. Build with the brand and public URL you will run with, e.g.
#   docker build -t lender-site --build-arg PUBLIC_URL=https://www.example.com --build-arg BRAND_NAME="Example Capital" .

FROM node:20-bookworm-slim AS build
WORKDIR /app

# `npm ci` rejects this lockfile (it lacks other platforms' optional binaries); `npm install`
# honours it. NODE_ENV is not production here, so devDependencies (Vite, Tailwind) are installed.
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

COPY . .

# The browser's configuration is fixed at build time (vite.config.ts reads these).
ARG PUBLIC_URL
ARG BRAND_NAME
ARG BRAND_LEGAL_NAME
ARG BRAND_PHONE
ARG BRAND_EMAIL
ARG BRAND_CONTACT_PERSON
ARG BRAND_STREET_ADDRESS
ARG BRAND_CITY_STATE_ZIP
ARG BRAND_SCHEDULER_URL
ARG BRAND_TIME_ZONE
RUN if [ -z "${PUBLIC_URL:-}" ]; then unset PUBLIC_URL; fi \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app

COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/domain ./domain
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts ./scripts

# The embedded database and local files live here when DATABASE_URL and STORAGE=s3 are not
# configured (single-server use only). NODE_ENV=production: AUTH_SECRET, DATA_ENCRYPTION_KEY and
# SIGNING_CERTIFICATE_P12 with its passphrase must be set, nothing is generated.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]

USER node
EXPOSE 3000

HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# Runs the migrations, then listens; SIGTERM shuts down gracefully. build/server/start.mjs (the
# bundle of server/start.ts) loads tracing first when OTEL_EXPORTER_OTLP_ENDPOINT is set
# (docs/deploy.md, Traces), then the server.
CMD ["node", "--enable-source-maps", "build/server/start.mjs"]
