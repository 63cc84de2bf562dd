import { defineConfig } from 'drizzle-kit';

// Only used by `npm run db:generate` to write SQL migrations from the schema; the app applies them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
