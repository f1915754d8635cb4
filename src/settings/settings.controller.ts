import { Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InvalidatesCachedReads } from '../common/response-cache/response-cache.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { UpdateLogsTtlDto, UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService } from './settings.service';
import { ApiDataResponse, ApiNoContent } from '../common/openapi/api-operation.decorators';
import './settings.schema';

@ApiTags('settings')
@ApiBearerAuth()
@InvalidatesCachedReads()
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @ApiDataResponse('Get the store settings', 'Settings')
  @Get()
  get() {
    return this.settings.get();
  }

  @ApiDataResponse('Update the store settings', 'Settings')
  @Put()
  update(@DataBody() dto: UpdateSettingsDto) {
    return this.settings.update(dto);
  }

  @ApiNoContent('Reset the store settings to their defaults')
  @Delete()
  @HttpCode(204)
  async reset(): Promise<void> {
    await this.settings.reset();
  }

  @ApiDataResponse('How long delivery logs are kept', 'LogsTimeToLive')
  @Get('logs-ttl')
  logsTtl() {
    return this.settings.logsTtl();
  }

  @ApiDataResponse('Set how long delivery logs are kept', 'LogsTimeToLive')
  @Put('logs-ttl')
  updateLogsTtl(@DataBody() dto: UpdateLogsTtlDto) {
    return this.settings.updateLogsTtl(dto.days);
  }
}
