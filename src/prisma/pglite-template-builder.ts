import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeEmbedded, openEmbeddedDatabase, type DatabaseOptions } from './database-adapter';
import { migrateDatabase } from './migrator';
import {
  checkTemplate,
  defaultTemplateOptions,
  listFiles,
  MANIFEST,
  moveIntoPlace,
  pgliteVersion,
  TEMPLATE_DATA,
  templateDir,
  templateKey,
  type PgliteTemplateOptions,
  type TemplateManifest,
} from './pglite-template';
import { migrationNames } from './project-paths';

/** Templates of other migration sets kept besides the current one (e.g. for switching branches). */
const KEEP_OTHERS = 2;

/**
 * Builds the PGlite template for the current migrations unless a complete one exists: a new PGlite data
 * directory on which only the migrator has run (initdb, then every migration, recorded in
 * _prisma_migrations), closed cleanly, listed in template.json, and renamed into place in one step.
 * Concurrent builders each work in a directory of their own; the first rename wins.
 */
export async function buildPgliteTemplate(
  opts: PgliteTemplateOptions = defaultTemplateOptions(),
  log: (msg: string) => void = () => {},
): Promise<{ dir: string; built: boolean }> {
  const existing = checkTemplate(opts);
  if (existing.ok) return { dir: existing.dir, built: false };
  if (existing.reason === 'unusable') log(`replacing the template: ${existing.detail}`);

  const key = templateKey(opts.migrationsDir);
  const target = templateDir(opts, key);
  mkdirSync(opts.cacheDir, { recursive: true });
  const work = mkdtempSync(join(opts.cacheDir, '.building-'));
  try {
    const db: DatabaseOptions = { pgliteDataDir: join(work, TEMPLATE_DATA), pgliteTemplate: false };
    try {
      await migrateDatabase(db, log, { migrationsDir: opts.migrationsDir });
      const pg = await openEmbeddedDatabase(db);
      const applied = (
        await pg.query<{ migration_name: string }>(
          'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY 1',
        )
      ).rows.map((r) => r.migration_name);
      const expected = migrationNames(opts.migrationsDir);
      if (applied.join() !== expected.join()) {
        throw new Error(`template has migrations [${applied.join(', ')}], expected [${expected.join(', ')}]`);
      }
      await pg.exec('CHECKPOINT');
    } finally {
      await closeEmbedded(db); // a clean shutdown: the copies start without recovery
    }
    rmSync(join(work, TEMPLATE_DATA, 'postmaster.pid'), { force: true });
    const manifest: TemplateManifest = {
      key,
      pglite: pgliteVersion(),
      migrations: migrationNames(opts.migrationsDir),
      createdAt: new Date().toISOString(),
      files: listFiles(join(work, TEMPLATE_DATA)),
    };
    writeFileSync(join(work, MANIFEST), `${JSON.stringify(manifest)}\n`);
    if (existsSync(target)) rmSync(target, { recursive: true, force: true }); // unusable, checked above
    const built = moveIntoPlace(work, target);
    if (!built && !checkTemplate(opts).ok) throw new Error(`could not move the template into ${target}`);
    pruneTemplates(opts.cacheDir, target);
    return { dir: target, built };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Removes the templates of older migration sets beyond the newest KEEP_OTHERS, and abandoned builds. */
function pruneTemplates(cacheDir: string, current: string): void {
  const entries = readdirSync(cacheDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ path: join(cacheDir, e.name), name: e.name, mtime: statSync(join(cacheDir, e.name)).mtimeMs }));
  const others = entries
    .filter((e) => e.name.startsWith('pglite-') && e.path !== current)
    .sort((a, b) => b.mtime - a.mtime)
    .slice(KEEP_OTHERS);
  const abandoned = entries.filter((e) => e.name.startsWith('.building-') && Date.now() - e.mtime > 3_600_000);
  for (const e of [...others, ...abandoned]) rmSync(e.path, { recursive: true, force: true });
}
