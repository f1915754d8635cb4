import { Controller, Get, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { MetricsRegistry } from './metrics-registry';

@ApiTags('metrics')
@ApiBearerAuth()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsRegistry) {}

  /** Prometheus text format; a client-credentials token is required here (METRICS_PORT serves it without one). */
  @ApiOperation({ summary: 'Prometheus metrics' })
  @ApiProduces('text/plain')
  @ApiResponse({ status: 200, description: 'The Prometheus text exposition format', content: { 'text/plain': { schema: { type: 'string' } } } })
  @Get()
  async scrape(@Res() res: Response): Promise<void> {
    const body = await this.metrics.scrape();
    res.setHeader('Content-Type', this.metrics.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(body);
  }
}
