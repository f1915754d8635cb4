import { ApiFamily } from '../common/errors/api-family';

/** Elastic Path's Currencies API: its error documents carry `status` as a string. */
export const CURRENCIES: ApiFamily = { name: 'Currencies', errorStatus: 'string' };
