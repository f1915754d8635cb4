import './compile-cache';
import 'reflect-metadata';
import { AppConfig, ConfigError, loadAppConfig } from './config/app-config';
import { assertWritableDataDirectories } from './config/data-directories';
import { getEmbeddedDatabase } from './prisma/database-adapter';
import { DataDirectoryInUseError } from './prisma/data-directory-lock';
import { describeThrown } from './prisma/embedded/embedded-protocol';
import { deferWasmOptimizationWhileStarting } from './wasm-tiering';

async function bootstrap() {
  let config: AppConfig;
  try {
    config = loadAppConfig();
    assertWritableDataDirectories(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
  // The embedded database starts on its own thread (and takes its directory's lock) while the application's
  // modules load, which is most of a restart's time; the application then finds it open.
  let restoreTiering: (() => void) | null = null;
  if (!config.database.databaseUrl) {
    restoreTiering = deferWasmOptimizationWhileStarting();
    getEmbeddedDatabase(config.database);
  }
  const { serve } = await import('./serve');
  await serve(config, () => {
    restoreTiering?.();
    // `npm start` keeps V8's code cache of what the start ran once this is emitted (scripts/lib/start-cache.js).
    process.emit('commerce-api:listening' as never);
  });
}

bootstrap().catch((err) => {
  if (err instanceof DataDirectoryInUseError) {
    process.stderr.write(`Failed to start: ${err.message}\n`);
    process.exit(75); // EX_TEMPFAIL: it starts once the owner has stopped
  }
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.stack : describeThrown(err)}\n`);
  process.exit(1);
});
