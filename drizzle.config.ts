import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration after a schema change; one folder serves PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
