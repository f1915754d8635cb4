import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { API_DATE_FORMS, ListQuery, page, parseFilterDate } from '../common/list-query';
import { AppConfig } from '../config/app-config';
import { EventsPublisher } from '../events/events.publisher';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { STORE_LIMITS } from '../settings/settings.wire';
import { DeliveryWorker } from './delivery/delivery.worker';
import { CreateIntegrationDto, SUPPORTED_INTEGRATION_TYPES, UpdateIntegrationDto } from './dto/integration.dto';
import { RecoverJobsDto } from './dto/recover-jobs.dto';
import { presentDeliveryStats, presentIntegration, presentJob, presentRecovery } from './integrations.presenter';
import { IntegrationsRepository } from './integrations.repository';
import { generateSigningSecret } from './signing';
import { SsrfBlockedError, SsrfPolicy } from './ssrf';
import { DAY_MS, HOUR_MS } from '../common/time/durations';
import { rememberSecrets } from '../common/logging/secret-scrubber';

const URL_SOURCE = 'data.configuration.url';

/** Elastic Path's message-queue types (`aws_sqs`, `stomp`) are known but not delivered by this server. */
function assertSupportedType(type: string | undefined): void {
  if (type === undefined || SUPPORTED_INTEGRATION_TYPES.includes(type)) return;
  throw new UnprocessableError(
    'Integration type not supported',
    `integration_type ${type} is not supported by this server; it supports: ${SUPPORTED_INTEGRATION_TYPES.join(', ')}`,
    'data.integration_type',
  );
}

@Injectable()
export class IntegrationsService {
  constructor(
    private readonly integrations: IntegrationsRepository,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
    private readonly ssrf: SsrfPolicy,
    private readonly config: AppConfig,
    private readonly delivery: DeliveryWorker,
  ) {}

  async create(dto: CreateIntegrationDto) {
    assertSupportedType(dto.integration_type);
    const url = await this.checkUrl(dto.configuration.url);
    const secretKey = nonEmpty(dto.configuration.secret_key);
    // With no secret_key we generate a Standard Webhooks signing secret. It is returned ONCE, in this
    // create response, as `configuration.signing_secret`, and never again (GET, list, PUT, events, logs).
    const generated = secretKey ? undefined : generateSigningSecret();
    rememberSecrets(secretKey, generated);
    const row = await this.prisma.$transaction(async (tx) => {
      const limit = STORE_LIMITS.integration_limit;
      if ((await this.integrations.countLocked(tx)) >= limit) {
        throw new UnprocessableError('Integration limit reached', `A store can have at most ${limit} integrations; delete one to add another`);
      }
      const created = await this.integrations.create(
        {
          name: dto.name,
          description: dto.description ?? '',
          enabled: dto.enabled ?? false,
          integrationType: dto.integration_type ?? 'webhook',
          observes: unique(dto.observes),
          url,
          maxConcurrency: dto.configuration.max_concurrency ?? null,
          rateLimitPerSecond: dto.configuration.rate_limit_per_second ?? null,
          secretKey: secretKey ?? null,
          signingSecret: secretKey ?? generated!,
        },
        tx,
      );
      await this.events.publish(tx, 'integration.created', { data: presentIntegration(created) });
      return created;
    });
    const presented = presentIntegration(row);
    if (generated) presented.configuration.signing_secret = generated;
    return presented;
  }

  async get(id: string) {
    return presentIntegration(await this.require(id));
  }

  async list(q: ListQuery) {
    const { items, total, all } = await this.integrations.list(q);
    return page(
      items.map((row) => presentIntegration(row)),
      total,
      q,
      all,
    );
  }

  /**
   * Partial update: only the supplied attributes change and `configuration` is merged key by key.
   * Setting `secret_key` makes it the signing key too. Clearing it (`null` or `""`) generates a new
   * signing secret, returned once in this response as `configuration.signing_secret`. A signing key that
   * changes keeps the previous one signing beside it for WEBHOOK_SECRET_OVERLAP_HOURS (docs/webhook-delivery.md), so
   * a receiver can switch to the new secret without rejecting what is in flight.
   */
  async update(id: string, dto: UpdateIntegrationDto) {
    assertSupportedType(dto.integration_type);
    const existing = await this.require(id);
    rememberSecrets(existing.secretKey, existing.signingSecret, existing.previousSigningSecret, dto.configuration?.secret_key);
    const data: Prisma.IntegrationUpdateInput = {};
    if (dto.name !== undefined) data.name = dto.name;
    if (dto.description !== undefined) data.description = dto.description;
    if (dto.enabled !== undefined) data.enabled = dto.enabled;
    if (dto.integration_type !== undefined) data.integrationType = dto.integration_type;
    if (dto.observes !== undefined) data.observes = unique(dto.observes);
    let generated: string | undefined;
    const conf = dto.configuration;
    if (conf) {
      if (conf.url !== undefined) data.url = await this.checkUrl(conf.url);
      if (conf.max_concurrency !== undefined) data.maxConcurrency = conf.max_concurrency;
      if (conf.rate_limit_per_second !== undefined) {
        data.rateLimitPerSecond = conf.rate_limit_per_second;
        data.rateRefilledAt = null; // a new rate starts with a full bucket
      }
      if (conf.secret_key !== undefined) {
        const secretKey = nonEmpty(conf.secret_key);
        if (secretKey) {
          data.secretKey = secretKey;
          data.signingSecret = secretKey;
        } else if (existing.secretKey) {
          generated = generateSigningSecret();
          rememberSecrets(generated);
          data.secretKey = null;
          data.signingSecret = generated;
        }
      }
      if (data.signingSecret !== undefined && data.signingSecret !== existing.signingSecret) Object.assign(data, this.rotatedFrom(existing.signingSecret));
    }
    const row = await this.prisma.$transaction(async (tx) => {
      const updated = await this.integrations.update(id, data, tx);
      await this.events.publish(tx, 'integration.updated', { data: presentIntegration(updated) });
      return updated;
    });
    const presented = presentIntegration(row);
    if (generated) presented.configuration.signing_secret = generated;
    return presented;
  }

  private rotatedFrom(previous: string): Prisma.IntegrationUpdateInput {
    const overlapMs = this.config.webhooks.secretOverlapHours * HOUR_MS;
    if (overlapMs === 0) return { previousSigningSecret: null, previousSigningSecretUntil: null };
    return { previousSigningSecret: previous, previousSigningSecretUntil: new Date(Date.now() + overlapMs) };
  }

  async remove(id: string) {
    await this.require(id);
    await this.prisma.$transaction(async (tx) => {
      await this.integrations.delete(id, tx);
      await this.events.publish(tx, 'integration.deleted', { type: 'integration', id });
    });
    return { type: 'integration', id };
  }

  async logs(q: ListQuery, filter: { integrationId?: string; jobId?: string } = {}) {
    if (filter.integrationId) await this.require(filter.integrationId);
    if (filter.jobId && !(await this.integrations.findJob(filter.integrationId!, filter.jobId))) throw new NotFoundError('Integration job');
    const where: Prisma.IntegrationLogWhereInput = {};
    if (filter.integrationId) where.integrationId = filter.integrationId;
    if (filter.jobId) where.jobId = filter.jobId;
    return this.integrations.listLogs(where, q);
  }

  async jobs(integrationId: string, q: ListQuery) {
    await this.require(integrationId);
    const { items, total } = await this.integrations.listJobs(integrationId, q);
    return page(items.map(presentJob), total, q);
  }

  /** Manual redelivery of a finished (failed or succeeded) job: due now, `attempt` keeps counting. */
  async redeliver(integrationId: string, jobId: string) {
    const integration = await this.require(integrationId);
    const job = await this.integrations.findJob(integrationId, jobId);
    if (!job) throw new NotFoundError('Integration job');
    this.requireEnabled(integration, 'redelivering its jobs');
    if (!(await this.integrations.requeueJob(jobId))) {
      throw new UnprocessableError('Job not finished', `The job is ${job.status}; only failed or succeeded jobs can be redelivered`);
    }
    this.delivery.wake();
    return presentJob((await this.integrations.findJob(integrationId, jobId))!);
  }

  /**
   * Recovery after an outage (docs/webhook-delivery.md): the integration's failed or discarded deliveries created
   * since `since` (until `until`, default now) are queued again, due now, with `attempt` counting on.
   */
  async recover(integrationId: string, dto: RecoverJobsDto) {
    const integration = await this.require(integrationId);
    const since = parseFilterDate(dto.since)!;
    const until = dto.until === undefined ? new Date() : parseFilterDate(dto.until)!;
    checkWindow(since, until, dto.until !== undefined, 'data.');
    this.requireEnabled(integration, 'recovering its deliveries');
    const recovered = await this.integrations.requeueFailedJobs(integrationId, since, until);
    if (recovered > 0) this.delivery.wake();
    return presentRecovery(integrationId, since, until, recovered);
  }

  /**
   * Sends a signed `integration.test` event to this integration only, whatever it observes, through the same
   * queue, retries and logs as any delivery. Returns its job, to follow at `…/jobs/:jobId/logs`.
   */
  async sendTest(integrationId: string) {
    const integration = await this.require(integrationId);
    this.requireEnabled(integration, 'sending it a test event');
    const job = await this.integrations.createTestJob(integrationId, { data: presentIntegration(integration) });
    this.delivery.wake();
    return presentJob(job);
  }

  /** Delivery health over [since, until) (default: the last 24 hours), as docs/webhook-delivery.md describes. */
  async stats(integrationId: string, query: Record<string, unknown>) {
    await this.require(integrationId);
    const until = queryDate(query, 'until') ?? new Date();
    const since = queryDate(query, 'since') ?? new Date(until.getTime() - DAY_MS);
    checkWindow(since, until, query.until !== undefined, '');
    return presentDeliveryStats(integrationId, since, until, await this.integrations.deliveryStats(integrationId, since, until));
  }

  private requireEnabled(integration: { enabled: boolean }, before: string) {
    if (!integration.enabled) throw new UnprocessableError('Integration disabled', `Enable the integration before ${before}`);
  }

  private async require(id: string) {
    const row = await this.integrations.find(id);
    if (!row) throw new NotFoundError('Integration');
    return row;
  }

  /** Absolute http(s), no userinfo, and (unless allowlisted) not naming or resolving to a blocked address. */
  private async checkUrl(raw: string | undefined): Promise<string> {
    if (raw === undefined || raw === '') throw new BadRequestError('configuration.url is required', URL_SOURCE);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new BadRequestError('configuration.url must be an absolute http or https URL', URL_SOURCE);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new BadRequestError('configuration.url must be an absolute http or https URL', URL_SOURCE);
    }
    if (url.username || url.password) throw new BadRequestError('configuration.url must not contain a user name or password', URL_SOURCE);
    const host = url.hostname.toLowerCase();
    if (!this.ssrf.isHostExempt(host) && (host === 'localhost' || host.endsWith('.localhost'))) {
      throw new BadRequestError(`configuration.url must not point to ${host}`, URL_SOURCE);
    }
    try {
      await this.ssrf.resolve(host, this.config.webhooks.connectTimeoutMs);
    } catch (err) {
      if (err instanceof SsrfBlockedError) {
        throw new BadRequestError(
          `configuration.url must not point to a private, loopback, link-local or reserved address (${url.hostname})`,
          URL_SOURCE,
        );
      }
      // A name that does not resolve (yet) is accepted; every send resolves and vets it again.
    }
    return raw;
  }
}

/** [since, until) must not be empty; blame `until` when it was given, else `since` (it is in the future). */
function checkWindow(since: Date, until: Date, untilGiven: boolean, sourcePrefix: string) {
  if (until > since) return;
  if (untilGiven) throw new BadRequestError('until must be later than since', `${sourcePrefix}until`);
  throw new BadRequestError('since must be in the past', `${sourcePrefix}since`);
}

function queryDate(query: Record<string, unknown>, name: string): Date | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const date = typeof raw === 'string' ? parseFilterDate(raw) : null;
  if (!date) throw new BadRequestError(`${name} must be ${API_DATE_FORMS}`, name);
  return date;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value === '' ? undefined : value;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
