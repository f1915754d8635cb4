import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { BadRequestError } from '../../common/errors/api-error';
import { ListQueryParser } from '../../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../../common/openapi/api-operation.decorators';
import { DataBody } from '../../common/validation/data-body.pipe';
import { ResourceId } from '../../common/validation/resource-id.pipe';
import { ChildReferenceDto, ChildReferencesBody, childReferencesOf } from './child-references';
import { CreateHierarchyDto, UpdateHierarchyDto } from './dto/hierarchy.dto';
import { CreateNodeDto, NodeParentDto, UpdateNodeDto } from './dto/node.dto';
import { HIERARCHIES_SPEC, NODES_SPEC } from './hierarchies.repository';
import { HierarchiesService } from './hierarchies.service';
import { HIERARCHY_SCHEMAS as S } from './hierarchy.schema';

/** PXM hierarchies and their nodes (client-credentials tokens only, as in Elastic Path). */
@ApiTags('pxm')
@ApiBearerAuth()
@Controller('pcm/hierarchies')
export class HierarchiesController {
  constructor(
    private readonly hierarchies: HierarchiesService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a hierarchy', S.PcmHierarchy, { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateHierarchyDto) {
    return this.hierarchies.createHierarchy(dto);
  }

  @ApiList('List hierarchies', S.PcmHierarchy, { spec: HIERARCHIES_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.hierarchies.listHierarchies(await this.listQuery.parse(query, HIERARCHIES_SPEC));
  }

  @ApiList('List the nodes of every hierarchy (`include_hierarchies=true` adds their hierarchies to `data`)', S.PcmNodeOrHierarchy, { spec: NODES_SPEC })
  @ApiQuery({ name: 'include_hierarchies', required: false, schema: { type: 'string', enum: ['true', 'false'] } })
  @Get('nodes')
  async allNodes(@Query() query: Record<string, unknown>) {
    const { include_hierarchies: include, ...rest } = query;
    if (include !== undefined && include !== 'true' && include !== 'false') throw new BadRequestError('include_hierarchies must be true or false', 'include_hierarchies');
    return this.hierarchies.listAllNodes(await this.listQuery.parse(rest, NODES_SPEC), include === 'true');
  }

  @ApiDataResponse('Get a hierarchy', S.PcmHierarchy)
  @Get(':id')
  get(@ResourceId('id', 'Hierarchy') id: string) {
    return this.hierarchies.getHierarchy(id);
  }

  @ApiDataResponse('Update a hierarchy', S.PcmHierarchy)
  @Put(':id')
  update(@ResourceId('id', 'Hierarchy') id: string, @DataBody() dto: UpdateHierarchyDto) {
    return this.hierarchies.updateHierarchy(id, dto);
  }

  @ApiNoContent('Delete a hierarchy with its nodes (products stay)')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Hierarchy') id: string): Promise<void> {
    await this.hierarchies.deleteHierarchy(id);
  }

  @ApiList("List a hierarchy's top-level nodes", S.PcmNode, { spec: NODES_SPEC })
  @Get(':id/children')
  async children(@ResourceId('id', 'Hierarchy') id: string, @Query() query: Record<string, unknown>) {
    return this.hierarchies.listNodes(id, 'top', await this.listQuery.parse(query, NODES_SPEC));
  }

  @ApiDataResponse('Make nodes top-level nodes of the hierarchy', S.PcmHierarchy)
  @Post(':id/relationships/children')
  @HttpCode(200)
  addChildren(@ResourceId('id', 'Hierarchy') id: string, @ChildReferencesBody() children: ChildReferenceDto[]) {
    return this.hierarchies.addHierarchyChildren(id, childReferencesOf(children));
  }

  @ApiDataResponse('Create a node', S.PcmNode, { status: 201 })
  @Post(':id/nodes')
  @HttpCode(201)
  createNode(@ResourceId('id', 'Hierarchy') id: string, @DataBody() dto: CreateNodeDto) {
    return this.hierarchies.createNode(id, dto);
  }

  @ApiList("List a hierarchy's nodes, at every depth", S.PcmNode, { spec: NODES_SPEC })
  @Get(':id/nodes')
  async nodes(@ResourceId('id', 'Hierarchy') id: string, @Query() query: Record<string, unknown>) {
    return this.hierarchies.listNodes(id, 'all', await this.listQuery.parse(query, NODES_SPEC));
  }

  @ApiDataResponse('Get a node', S.PcmNode)
  @Get(':id/nodes/:nodeId')
  node(@ResourceId('id', 'Hierarchy') id: string, @ResourceId('nodeId', 'Node') nodeId: string) {
    return this.hierarchies.getNode(id, nodeId);
  }

  @ApiDataResponse('Update a node', S.PcmNode)
  @Put(':id/nodes/:nodeId')
  updateNode(@ResourceId('id', 'Hierarchy') id: string, @ResourceId('nodeId', 'Node') nodeId: string, @DataBody() dto: UpdateNodeDto) {
    return this.hierarchies.updateNode(id, nodeId, dto);
  }

  @ApiNoContent('Delete a node with its descendants (their products stay)')
  @Delete(':id/nodes/:nodeId')
  @HttpCode(204)
  async deleteNode(@ResourceId('id', 'Hierarchy') id: string, @ResourceId('nodeId', 'Node') nodeId: string): Promise<void> {
    await this.hierarchies.deleteNode(id, nodeId);
  }

  @ApiList("List a node's children", S.PcmNode, { spec: NODES_SPEC })
  @Get(':id/nodes/:nodeId/children')
  async nodeChildren(@ResourceId('id', 'Hierarchy') id: string, @ResourceId('nodeId', 'Node') nodeId: string, @Query() query: Record<string, unknown>) {
    return this.hierarchies.listNodes(id, nodeId, await this.listQuery.parse(query, NODES_SPEC));
  }

  @ApiDataResponse('Make nodes children of a node', S.PcmNode)
  @Post(':id/nodes/:nodeId/relationships/children')
  @HttpCode(200)
  addNodeChildren(@ResourceId('id', 'Hierarchy') id: string, @ResourceId('nodeId', 'Node') nodeId: string, @ChildReferencesBody() children: ChildReferenceDto[]) {
    return this.hierarchies.addNodeChildren(id, nodeId, childReferencesOf(children));
  }

  @ApiNoContent("Move a node under another node of its hierarchy (a cycle is 422)")
  @Put(':id/nodes/:nodeId/relationships/parent')
  @HttpCode(204)
  async setParent(@ResourceId('id', 'Hierarchy') id: string, @ResourceId('nodeId', 'Node') nodeId: string, @DataBody() dto: NodeParentDto): Promise<void> {
    await this.hierarchies.setParent(id, nodeId, dto.id.toLowerCase());
  }

  @ApiNoContent('Move a node to the top level of its hierarchy')
  @Delete(':id/nodes/:nodeId/relationships/parent')
  @HttpCode(204)
  async removeParent(@ResourceId('id', 'Hierarchy') id: string, @ResourceId('nodeId', 'Node') nodeId: string): Promise<void> {
    await this.hierarchies.setParent(id, nodeId, null);
  }
}
