import { Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { InvalidatesCachedReads } from '../common/response-cache/response-cache.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { UpdateLogsTtlDto, UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService } from './settings.service';

@ApiTags('settings')
@ApiBearerAuth()
@InvalidatesCachedReads()
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  get() {
    return this.settings.get();
  }

  @Put()
  update(@DataBody() dto: UpdateSettingsDto) {
    return this.settings.update(dto);
  }

  @Delete()
  @HttpCode(204)
  async reset(): Promise<void> {
    await this.settings.reset();
  }

  @Get('logs-ttl')
  logsTtl() {
    return this.settings.logsTtl();
  }

  @Put('logs-ttl')
  updateLogsTtl(@DataBody() dto: UpdateLogsTtlDto) {
    return this.settings.updateLogsTtl(dto.days);
  }
}
