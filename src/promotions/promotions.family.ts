import { ApiFamily } from '../common/errors/api-family';

/** Elastic Path's Promotions Standard API: its error documents carry `status` as a string. */
export const PROMOTIONS: ApiFamily = { name: 'Promotions', errorStatus: 'string' };
