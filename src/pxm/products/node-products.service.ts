import { Injectable } from '@nestjs/common';
import { ApiError, BadRequestError, UnprocessableError } from '../../common/errors/api-error';
import { ListQuery, page, parseFilter } from '../../common/list-query';
import { isUuid } from '../../common/validation/resource-id.pipe';
import { PrismaService } from '../../prisma/prisma.service';
import { HierarchiesService } from '../hierarchies/hierarchies.service';
import { PcmNodesByFilterDto } from './dto/product.dto';
import { ProductsRepository, PCM_PRODUCTS_SPEC } from './products.repository';
import { ProductsService } from './products.service';
import type { Reference } from './references';

/** At most this many products are linked or unlinked by one `attach_nodes` / `detach_nodes`. */
export const MAX_PRODUCTS_BY_FILTER = 10000;

/** Products in nodes: linked one node at a time or by a filter over many nodes; read from either side. */
@Injectable()
export class NodeProductsService {
  constructor(
    private readonly repo: ProductsRepository,
    private readonly products: ProductsService,
    private readonly hierarchies: HierarchiesService,
    private readonly prisma: PrismaService,
  ) {}

  /** `POST /pcm/products/attach_nodes` (`link`) and `detach_nodes`: the products the filter selects, in or out of the nodes. */
  async byFilter(dto: PcmNodesByFilterDto, how: 'link' | 'unlink') {
    const filter = this.parse(dto.filter);
    if (!filter) throw new BadRequestError('data.filter must select products, e.g. eq(sku,book)', 'data.filter');
    const asked = [...new Set(dto.node_ids.map((id) => (isUuid(id) ? id.toLowerCase() : id)))];
    return this.prisma.$transaction(async (tx) => {
      const found = await this.hierarchies.existingNodes(asked.filter(isUuid), tx);
      const notFound = asked.filter((id) => !found.includes(id));
      const productIds = await this.repo.idsMatching({ filter }, MAX_PRODUCTS_BY_FILTER, tx);
      if (how === 'link') await this.repo.link(found, productIds, tx);
      else await this.repo.unlink(found, productIds, tx);
      const changed = productIds.length > 0 ? found.length : 0;
      return { meta: { [how === 'link' ? 'nodes_attached' : 'nodes_detached']: changed, nodes_not_found: notFound } };
    });
  }

  private parse(raw: string) {
    try {
      return parseFilter(raw, PCM_PRODUCTS_SPEC);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) throw new BadRequestError(e.detail, 'data.filter');
      throw e;
    }
  }

  /** `POST …/nodes/:nodeId/relationships/products` (`link`) and `DELETE` (`unlink`): the node afterwards. */
  async change(hierarchyId: string, nodeId: string, how: 'link' | 'unlink', refs: Reference[]) {
    const ids = refs.map((r) => r.id);
    await this.prisma.$transaction(async (tx) => {
      await this.hierarchies.requireNodeOf(hierarchyId, nodeId, tx);
      if (how === 'link') {
        const found = new Set((await this.repo.findMany(ids, tx)).map((p) => p.id));
        const missing = ids.findIndex((id) => !found.has(id));
        if (missing >= 0) throw new UnprocessableError('Product not found', `Product ${ids[missing]} does not exist`, `data[${missing}].id`);
        await this.repo.link([nodeId], ids, tx);
      } else {
        await this.repo.unlink([nodeId], ids, tx);
      }
    });
    return this.hierarchies.getNode(hierarchyId, nodeId);
  }

  /** A node's live products, its curated products first. */
  async nodeProducts(hierarchyId: string, nodeId: string, q: ListQuery) {
    const node = await this.hierarchies.requireNodeOf(hierarchyId, nodeId);
    const { items, total, all } = await this.repo.nodeProducts(nodeId, node.curatedProducts, q);
    return page(items.map((row) => this.products.present(row)), total, q, all);
  }

  /** The nodes a product is in, of every hierarchy. */
  async productNodes(productId: string, q: ListQuery) {
    await this.products.require(productId);
    const { items, total, all } = await this.repo.productNodes(productId, q);
    return page(await this.hierarchies.presentNodeRows(items), total, q, all);
  }
}
