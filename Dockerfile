# syntax=docker/dockerfile:1
# Tessera's image: one web process per container (compose.yaml runs two, web1 and web2, behind nginx), the same image
# runs `npm run worker` and the operator CLI. Target `nginx` is nginx with the built client assets (compose's nginx).
#
# ffmpeg is not installed from apt: the app runs the static ffmpeg/ffprobe builds that `npm ci` installs
# (@ffmpeg-installer, src/server/lib/media/binaries.ts), on every machine alike; a system ffmpeg would go unused.

FROM node:24-bookworm-slim AS app
WORKDIR /srv/tessera
RUN chown node:node /srv/tessera
USER node
# Dependencies first (cached while package*.json do not change). Dev dependencies included: the build needs them.
COPY --chown=node:node package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY --chown=node:node . .
# The site (dist/, with .br/.gz next to every compressible client file). The container's start finds it current.
RUN npm run build

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MALLOC_ARENA_MAX=2
EXPOSE 3000
# SIGTERM (docker stop) drains: in-flight requests finish, live connections close, the database closes.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.ts"]

FROM nginx:1.27-bookworm AS nginx
# The built client assets, served by nginx from the same path as on a host (deploy/nginx/compose.conf).
COPY --from=app /srv/tessera/dist/client /srv/tessera/dist/client
