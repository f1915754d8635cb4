import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap } from '@nestjs/common';
import { FileStorage, LocalDiskFileStorage } from '../catalog/files/file-storage';
import { ROOT_LOGGER, RootLogger } from '../common/logging/logging.module';
import { AppConfig } from '../config/app-config';
import { describeSeedResult } from './demo-catalog';
import { DemoSeeder } from './demo-seeder';

/** With SEED_DEMO=true the server seeds the demo catalogue itself before it starts listening. */
@Injectable()
class SeedDemoOnStart implements OnApplicationBootstrap {
  constructor(
    private readonly config: AppConfig,
    private readonly seeder: DemoSeeder,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    const result = await this.seeder.seed();
    this.logger.info({ seeded: result }, describeSeedResult(result));
  }
}

@Module({
  providers: [DemoSeeder, { provide: FileStorage, useClass: LocalDiskFileStorage }],
  exports: [DemoSeeder],
})
export class DemoSeedModule {
  /** The seeder plus the SEED_DEMO start hook, for the server. */
  static forServer(): DynamicModule {
    return { module: DemoSeedModule, providers: [SeedDemoOnStart] };
  }
}
