import { Controller, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ResponseDocument } from '../common/http/response-document';
import { linkBase } from '../common/http/request-context';
import { buildPageEnvelope, page } from '../common/list-query';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { CreateIntegrationDto, UpdateIntegrationDto } from './dto/integration.dto';
import { RecoverJobsDto } from './dto/recover-jobs.dto';
import { logsDocument } from './integrations.presenter';
import { INTEGRATIONS_SPEC, JOBS_SPEC, LOGS_SPEC } from './integrations.repository';
import { IntegrationsService } from './integrations.service';
import { ApiDataResponse, ApiDocumentResponse, ApiList } from '../common/openapi/api-operation.decorators';
import { INTEGRATION_SCHEMAS as S } from './integration.schema';
import { ref } from '../common/openapi/json-schema';

@ApiTags('integrations')
@ApiBearerAuth()
@Controller('integrations')
export class IntegrationsController {
  constructor(
    private readonly integrations: IntegrationsService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a webhook integration', 'Integration', { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateIntegrationDto) {
    return this.integrations.create(dto);
  }

  @ApiList('List integrations', 'Integration', { spec: INTEGRATIONS_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.integrations.list(await this.listQuery.parse(query, INTEGRATIONS_SPEC));
  }

  // Before ':id', which would otherwise take "logs" as an id.
  @ApiDocumentResponse('Delivery logs of every integration', ref(S.IntegrationLogsDocument), { spec: LOGS_SPEC })
  @Get('logs')
  async allLogs(@Query() query: Record<string, unknown>, @Req() req: Request) {
    const q = await this.listQuery.parse(query, LOGS_SPEC);
    return this.logsDocument(await this.integrations.logs(q), q, req);
  }

  @ApiDataResponse('Get an integration', 'Integration')
  @Get(':id')
  get(@ResourceId('id', 'Integration') id: string) {
    return this.integrations.get(id);
  }

  @ApiDataResponse('Update an integration', 'Integration')
  @Put(':id')
  update(@ResourceId('id', 'Integration') id: string, @DataBody() dto: UpdateIntegrationDto) {
    return this.integrations.update(id, dto);
  }

  @ApiDataResponse('Delete an integration', 'DeletedIntegration')
  @Delete(':id')
  remove(@ResourceId('id', 'Integration') id: string) {
    return this.integrations.remove(id);
  }

  @ApiDocumentResponse('Delivery logs of an integration', ref(S.IntegrationLogsDocument), { spec: LOGS_SPEC })
  @Get(':id/logs')
  async logs(@ResourceId('id', 'Integration') id: string, @Query() query: Record<string, unknown>, @Req() req: Request) {
    const q = await this.listQuery.parse(query, LOGS_SPEC);
    return this.logsDocument(await this.integrations.logs(q, { integrationId: id }), q, req);
  }

  @ApiList('Delivery jobs of an integration', 'IntegrationJob', { spec: JOBS_SPEC })
  @Get(':id/jobs')
  async jobs(@ResourceId('id', 'Integration') id: string, @Query() query: Record<string, unknown>) {
    return this.integrations.jobs(id, await this.listQuery.parse(query, JOBS_SPEC));
  }

  @ApiDocumentResponse('Delivery logs of one job', ref(S.IntegrationLogsDocument), { spec: LOGS_SPEC })
  @Get(':id/jobs/:jobId/logs')
  async jobLogs(
    @ResourceId('id', 'Integration') id: string,
    @ResourceId('jobId', 'Integration job') jobId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
  ) {
    const q = await this.listQuery.parse(query, LOGS_SPEC);
    return this.logsDocument(await this.integrations.logs(q, { integrationId: id, jobId }), q, req);
  }

  @ApiDataResponse('Deliver a finished job again', 'IntegrationJob')
  @Post(':id/jobs/:jobId/redeliver')
  @HttpCode(200)
  redeliver(@ResourceId('id', 'Integration') id: string, @ResourceId('jobId', 'Integration job') jobId: string) {
    return this.integrations.redeliver(id, jobId);
  }

  @ApiDataResponse('Delivery statistics over a window (since, until; the last 24 hours by default)', 'IntegrationStats')
  @Get(':id/stats')
  stats(@ResourceId('id', 'Integration') id: string, @Query() query: Record<string, unknown>) {
    return this.integrations.stats(id, query);
  }

  @ApiDataResponse('Queue again the failed deliveries of a window', 'IntegrationRecovery')
  @Post(':id/recover')
  @HttpCode(200)
  recover(@ResourceId('id', 'Integration') id: string, @DataBody() dto: RecoverJobsDto) {
    return this.integrations.recover(id, dto);
  }

  @ApiDataResponse('Send a test event', 'IntegrationJob')
  @Post(':id/test')
  @HttpCode(200)
  sendTest(@ResourceId('id', 'Integration') id: string) {
    return this.integrations.sendTest(id);
  }


  private logsDocument(result: { items: Parameters<typeof logsDocument>[0]; total: number }, q: { limit: number; offset: number }, req: Request) {
    const { links } = buildPageEnvelope(page(result.items, result.total, q), {
      baseUrl: linkBase(),
      path: req.path,
      query: req.query as Record<string, unknown>,
    });
    return new ResponseDocument(logsDocument(result.items, result.total, q, links));
  }
}
