import { ApiFamily } from '../common/errors/api-family';

/** Elastic Path's Product Experience Manager (`/pcm`): its error documents carry `status` as a string. */
export const PXM: ApiFamily = { name: 'PXM', errorStatus: 'string' };
