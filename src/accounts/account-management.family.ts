import { ApiFamily } from '../common/errors/api-family';

/** Elastic Path's Account Management: its error documents carry `status` as a string. */
export const ACCOUNT_MANAGEMENT: ApiFamily = { name: 'Account Management', errorStatus: 'string' };
