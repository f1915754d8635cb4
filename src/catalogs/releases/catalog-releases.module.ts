import { Module } from '@nestjs/common';
import { InApiFamily } from '../../common/errors/api-family';
import { PXM } from '../../pxm/pxm.family';
import { CatalogsModule } from '../catalogs.module';
import { CatalogPublisher } from './catalog-publisher';
import { CatalogReleasesController } from './catalog-releases.controller';
import { CatalogReleasesRepository } from './catalog-releases.repository';
import { CatalogReleasesService } from './catalog-releases.service';
import { ReleaseSourceRepository } from './release-source.repository';

/** Publishing catalogs (CatalogPublisher) and their releases (`/catalogs/:id/releases`, `/pcm/catalogs/:id/releases`). */
@Module({
  imports: [CatalogsModule],
  controllers: [CatalogReleasesController],
  providers: [CatalogReleasesRepository, ReleaseSourceRepository, CatalogPublisher, CatalogReleasesService],
})
@InApiFamily(PXM)
export class CatalogReleasesModule {}
