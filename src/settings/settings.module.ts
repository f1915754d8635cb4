import { Module } from '@nestjs/common';
import { PAGE_LENGTH_SOURCE } from '../common/http/list-query.parser';
import { SettingsController } from './settings.controller';
import { SettingsRepository } from './settings.repository';
import { SettingsService } from './settings.service';

@Module({
  controllers: [SettingsController],
  providers: [SettingsRepository, SettingsService, { provide: PAGE_LENGTH_SOURCE, useExisting: SettingsService }],
  exports: [SettingsService, PAGE_LENGTH_SOURCE],
})
export class SettingsModule {}
