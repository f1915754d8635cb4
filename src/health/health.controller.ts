import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ref } from '../common/openapi/json-schema';
import { HEALTH_SCHEMAS } from './health.schema';
import { HealthCheckResult, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type { Response } from 'express';
import { Public } from '../auth/access.decorators';
import { RateLimitStore } from '../common/throttling/rate-limit.store';
import { DatabaseReadiness } from './database-readiness';

/**
 * Probes. Their body is the health check's result (`status`, `info`, `error`, `details` per check); a
 * probe that fails answers 503 with that result and an `errors` array in the API's error format.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly database: DatabaseReadiness,
    private readonly rateLimit: RateLimitStore,
  ) {}

  /** Liveness: the process answers (nothing else is checked, so a database outage never restarts it). */
  @Public()
  @ApiOperation({ summary: 'Liveness probe' })
  @ApiResponse({ status: 200, description: 'The process runs', schema: ref(HEALTH_SCHEMAS.HealthCheck) })
  @Get('live')
  async live(@Res() res: Response) {
    send(res, await this.health.check([]));
  }

  /**
   * Readiness: 200 when the database answers, its schema is there and every migration is applied; 503
   * otherwise. The rate limiter's store is reported too, without failing the probe: while Redis is
   * unreachable requests are still served, on per-process limits.
   */
  @Public()
  @ApiOperation({ summary: 'Readiness probe' })
  @ApiResponse({ status: 200, description: 'Ready', schema: ref(HEALTH_SCHEMAS.HealthCheck) })
  @ApiResponse({ status: 503, description: 'Not ready', schema: ref(HEALTH_SCHEMAS.HealthFailure) })
  @Get('ready')
  async ready(@Res() res: Response) {
    send(res, await this.readiness());
  }

  /** The readiness probe, under the path older deployments probe. */
  @Public()
  @ApiOperation({ summary: 'Readiness probe (same as /health/ready)' })
  @ApiResponse({ status: 200, description: 'Ready', schema: ref(HEALTH_SCHEMAS.HealthCheck) })
  @ApiResponse({ status: 503, description: 'Not ready', schema: ref(HEALTH_SCHEMAS.HealthFailure) })
  @Get()
  async check(@Res() res: Response) {
    send(res, await this.readiness());
  }

  private async readiness(): Promise<HealthCheckResult> {
    try {
      return await this.health.check([
        async () => {
          const db = this.indicator.check('database');
          const readiness = await this.database.check();
          return readiness.ready ? db.up(readiness.details) : db.down(readiness.details);
        },
        async () => this.indicator.check('rate_limit').up({ ...this.rateLimit.status() }),
      ]);
    } catch (err) {
      if (err instanceof ServiceUnavailableException) return err.getResponse() as HealthCheckResult;
      throw err;
    }
  }
}

function send(res: Response, result: HealthCheckResult): void {
  res.setHeader('Cache-Control', 'no-store');
  if (result.status === 'ok') {
    res.status(200).json(result);
    return;
  }
  const reasons = Object.entries(result.error ?? {}).map(([name, check]) => `${name}: ${String(check?.message ?? check?.status)}`);
  res.status(503).json({
    ...result,
    errors: [{ status: 503, title: 'Service Unavailable', detail: `Not ready (${reasons.join('; ')})` }],
  });
}
