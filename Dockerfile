# syntax=docker/dockerfile:1
# One image for every role: the API (default), the worker and the migration step.

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY web-store/package.json web-store/
COPY web-admin/package.json web-admin/
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
# The development stand-ins (src/dev: Stripe simulator, sign-in provider, mail outbox) never run in
# production, so the image does not carry them; removed here, they take no layer of the runtime image.
RUN npm run build && npm prune --omit=dev && rm -rf dist/src/dev

# `docker compose up` (docker-compose.yml): the development build, local stand-ins included.
# Built only when asked for (target: dev); the default target below is the production image.
FROM deps AS dev
# The worker inside converts county files with GDAL's ogr2ogr, as in production.
RUN apt-get update \
  && apt-get install -y --no-install-recommends gdal-bin \
  && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm run build
ENV NODE_ENV=development PORT=3000
EXPOSE 3000

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000
# GDAL's ogr2ogr makes the GeoPackage, Shapefile and GeoJSON files of every county (the worker runs it).
RUN apt-get update \
  && apt-get install -y --no-install-recommends gdal-bin \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/web-store/dist ./web-store/dist
COPY --from=build --chown=node:node /app/web-admin/dist ./web-admin/dist
RUN mkdir -p /app/var && chown node:node /app/var
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The API's heap bounds, as in package.json's start:api: the kernel sees well under 300 MB at full load.
CMD ["node", "--max-old-space-size=192", "--max-semi-space-size=8", "dist/src/main.js"]
