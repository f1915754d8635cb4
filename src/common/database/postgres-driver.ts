/**
 * The PostgreSQL driver (`pg`) and Prisma's adapter for it, loaded on first use: a server on the embedded
 * database never opens a PostgreSQL connection, and these modules would add to every start.
 */
export function pgDriver(): typeof import('pg') {
  return require('pg') as typeof import('pg');
}

export function prismaPgAdapter(): typeof import('@prisma/adapter-pg') {
  return require('@prisma/adapter-pg') as typeof import('@prisma/adapter-pg');
}
