// Read by the prisma CLI only. Here the project's own scripts create and apply migrations offline
// (scripts/db-*.js); on a machine with internet, `prisma migrate deploy` works on the same folder.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
