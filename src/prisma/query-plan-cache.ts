import type { GetPrismaClientConfig } from '@prisma/client/runtime/client';

/**
 * Prisma caches a compiled plan per query shape. To find the shape it parameterizes each query with a graph of
 * every model operation's inputs, which every PrismaClient decodes from the generated configuration into ~14 MB of
 * live heap of its own, whether it caches plans or not. A client that keeps no plans (`queryPlanCacheMaxSize: 0`)
 * gains nothing from that graph: given an empty one, its queries are compiled with their values in place, as
 * they come.
 *
 * The empty graph in Prisma's encoding: three zero counts (input nodes, output nodes, roots).
 */
export const EMPTY_PARAMETERIZATION_SCHEMA = { strings: [] as string[], graph: 'AAAA' };

/** The generated client's configuration without the parameterization graph, for a client that caches no plans. */
export function withoutPlanParameterization(config: GetPrismaClientConfig): GetPrismaClientConfig {
  return { ...config, parameterizationSchema: EMPTY_PARAMETERIZATION_SCHEMA };
}
