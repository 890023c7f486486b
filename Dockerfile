# One image for the api, the worker and the web server (see docker-compose.yml).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY libs/domain/package.json libs/domain/
RUN npm install
COPY . .
ARG VITE_API_URL=http://localhost:3001
ENV VITE_API_URL=$VITE_API_URL
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# The API's and the worker's Node flags (scripts/lib.mjs, API_NODE_FLAGS).
ENV NODE_OPTIONS=--max-semi-space-size=32
COPY --from=build /app /app
EXPOSE 3001 3000
CMD ["node", "apps/api/dist/main.js"]
