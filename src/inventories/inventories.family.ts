import { ApiFamily } from '../common/errors/api-family';

/** Elastic Path's Inventories API: its error documents carry `status` as a string. */
export const INVENTORIES: ApiFamily = { name: 'Inventories', errorStatus: 'string' };
