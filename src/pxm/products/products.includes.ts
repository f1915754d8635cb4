import { FilesService } from '../../catalog/files/files.service';
import { ResolvesInclude } from '../../common/include/include.decorators';
import { IncludeResolver, Resource } from '../../common/include/include.types';
import type { Presented } from '../../common/wire/wire-format';
import type { PRODUCT_WIRE } from './product.wire';

type PresentedProduct = Presented<typeof PRODUCT_WIRE>;

const mainImageIds = (parents: Resource[]) => [...new Set((parents as unknown as PresentedProduct[]).flatMap((p) => (p.relationships.main_image.data ? [p.relationships.main_image.data.id] : [])))];
const fileIds = (parents: Resource[]) => [...new Set((parents as unknown as PresentedProduct[]).flatMap((p) => p.relationships.files.data.map((f) => f.id)))];

/** `include=main_image` → `included.main_images`: the files of `/v2/files`, with their absolute `link.href`. */
@ResolvesInclude({ parent: 'pcm-product', names: ['main_image', 'main_images'], key: 'main_images' })
export class PcmProductMainImagesInclude implements IncludeResolver {
  constructor(private readonly files: FilesService) {}

  resolve(parents: Resource[]) {
    return this.files.findPresented(mainImageIds(parents), false);
  }
}

/** `include=files` → `included.files`. */
@ResolvesInclude({ parent: 'pcm-product', names: ['files'], key: 'files' })
export class PcmProductFilesInclude implements IncludeResolver {
  constructor(private readonly files: FilesService) {}

  resolve(parents: Resource[]) {
    return this.files.findPresented(fileIds(parents), false);
  }
}
