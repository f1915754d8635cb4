import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { RateLimitStoreModule } from '../common/throttling/rate-limit-store.module';
import { DatabaseReadiness } from './database-readiness';
import { HealthController } from './health.controller';

@Module({
  imports: [TerminusModule.forRoot({ logger: false, errorLogStyle: 'json' }), RateLimitStoreModule],
  controllers: [HealthController],
  providers: [DatabaseReadiness],
})
export class HealthModule {}
