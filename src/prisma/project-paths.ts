import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface MigrationPaths {
  migrationsDir: string;
  schemaPath: string;
}

/** The directory holding package.json and prisma/, found from src/ (ts-jest, ts-node) or dist/. */
export function findProjectRoot(start: string = __dirname): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'prisma'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No directory with package.json and prisma/ above ${start}`);
  }
}

export function defaultPaths(): MigrationPaths {
  const root = findProjectRoot();
  return { migrationsDir: join(root, 'prisma', 'migrations'), schemaPath: join(root, 'prisma', 'schema.prisma') };
}

/** The migration directories of prisma/migrations (`<timestamp>_<name>`), in the order they apply. */
export function migrationNames(migrationsDir: string): string[] {
  if (!existsSync(migrationsDir)) return [];
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}
