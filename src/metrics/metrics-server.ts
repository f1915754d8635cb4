import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, Server } from 'node:http';
import { once } from 'node:events';
import { ROOT_LOGGER, RootLogger } from '../common/logging/logging.module';
import { AppConfig } from '../config/app-config';
import { MetricsRegistry } from './metrics-registry';

/**
 * With METRICS_PORT set, `GET /metrics` is also served on that port, without a token, for a scraper
 * inside the cluster (keep the port off the public network). Nothing else is served there.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: MetricsRegistry,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  async onApplicationBootstrap() {
    const port = this.config.metricsPort;
    if (port === undefined) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ status: 404, title: 'Not Found', detail: 'Only GET /metrics is served on this port' }] }));
        return;
      }
      this.metrics.scrape().then(
        (body) => {
          res.writeHead(200, { 'Content-Type': this.metrics.contentType, 'Cache-Control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        (err) => {
          this.logger.error({ context: 'metrics', err }, 'metrics scrape failed');
          res.writeHead(500, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ errors: [{ status: 500, title: 'Internal Server Error', detail: 'The metrics could not be collected' }] }));
        },
      );
    });
    server.listen(port, this.config.host);
    await once(server, 'listening');
    this.server = server;
    this.logger.info({ context: 'metrics', port, host: this.config.host }, 'metrics served without a token on their own port');
  }

  async onApplicationShutdown() {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
