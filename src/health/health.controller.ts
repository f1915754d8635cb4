import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { Public } from '../auth/access.decorators';
import { ResponseDocument } from '../common/http/response-document';
import { PrismaService } from '../prisma/prisma.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly prisma: PrismaService,
  ) {}

  /** Liveness and database readiness; 503 when the database does not answer. */
  @Public()
  @Get()
  @HealthCheck()
  async check() {
    const result = await this.health.check([
      async () => {
        const db = this.indicator.check('database');
        try {
          await this.prisma.$queryRaw`SELECT 1`;
          return db.up({ engine: this.prisma.embedded ? 'pglite' : 'postgresql' });
        } catch (err) {
          return db.down({ message: 'database unreachable' });
        }
      },
    ]);
    return new ResponseDocument(result as unknown as Record<string, unknown>);
  }
}
