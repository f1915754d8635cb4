import { Injectable } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { PrismaService } from '../prisma/prisma.service';
import { defaultPaths, migrationNames } from '../prisma/project-paths';

/** A probe does not wait longer than this for the database (an unreachable host must not hang it). */
const PROBE_TIMEOUT_MS = 3_000;

export type ReadinessResult =
  | { ready: true; details: Record<string, unknown> }
  | { ready: false; details: Record<string, unknown> & { message: string } };

/** What this build expects of the database: its migrations and the tables of its schema (read once). */
interface Expected {
  migrations: string[];
  tables: string[];
}

/**
 * Whether the database can serve this build: it answers, the schema's tables exist, and every migration
 * of prisma/migrations is recorded as finished (none failed, none pending). Each probe asks the database
 * again (one round trip for the migrations, one for the tables); the expectations are read from disk once.
 */
@Injectable()
export class DatabaseReadiness {
  private expected?: Expected;

  constructor(private readonly prisma: PrismaService) {}

  async check(): Promise<ReadinessResult> {
    const engine = this.prisma.embedded ? 'pglite' : 'postgresql';
    const expected = (this.expected ??= readExpected());
    let recorded: { migration_name: string; finished: boolean; rolled_back: boolean }[];
    let missingTables: string[];
    try {
      [recorded, missingTables] = await withTimeout(async () => {
        await this.prisma.$queryRaw`SELECT 1`;
        const tables = await this.prisma.$queryRaw<{ name: string }[]>`
          SELECT t AS name FROM unnest(${expected.tables}::text[]) AS t WHERE to_regclass(quote_ident(t)) IS NULL`;
        if (tables.length === expected.tables.length) return [[], tables.map((t) => t.name)];
        const rows = await this.prisma.$queryRaw<{ migration_name: string; finished: boolean; rolled_back: boolean }[]>`
          SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back
          FROM _prisma_migrations`;
        return [rows, tables.map((t) => t.name)];
      });
    } catch (err) {
      if ((err as { code?: string }).code === '42P01' || /_prisma_migrations/.test(String((err as Error)?.message))) {
        return { ready: false, details: { engine, message: 'schema missing: no migration has been recorded' } };
      }
      return { ready: false, details: { engine, message: 'database unreachable' } };
    }
    if (missingTables.length === expected.tables.length) {
      return { ready: false, details: { engine, message: 'schema missing: the database has none of its tables' } };
    }
    const failed = recorded.filter((r) => !r.finished && !r.rolled_back).map((r) => r.migration_name);
    if (failed.length) return { ready: false, details: { engine, message: 'a migration failed', failed } };
    const finished = new Set(recorded.filter((r) => r.finished && !r.rolled_back).map((r) => r.migration_name));
    const pending = expected.migrations.filter((name) => !finished.has(name));
    if (pending.length) return { ready: false, details: { engine, message: 'migrations pending', pending } };
    if (missingTables.length) return { ready: false, details: { engine, message: 'schema incomplete: tables missing', missing: missingTables } };
    return { ready: true, details: { engine, migrations: expected.migrations.length } };
  }
}

function readExpected(): Expected {
  const { migrationsDir, schemaPath } = defaultPaths();
  return { migrations: migrationNames(migrationsDir), tables: schemaTables(readFileSync(schemaPath, 'utf8')) };
}

/** The table of every model in a Prisma schema: its `@@map` name, else the model's name. */
export function schemaTables(schema: string): string[] {
  const tables: string[] = [];
  for (const [, name, body] of schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    tables.push(/@@map\(\s*"([^"]+)"\s*\)/.exec(body)?.[1] ?? name);
  }
  return tables;
}

async function withTimeout<T>(work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
