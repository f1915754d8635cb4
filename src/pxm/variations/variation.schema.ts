import { arrayOf, closed, dateTime, oneOfStrings, ref, string, uuid } from '../../common/openapi/json-schema';
import { defineSchemas } from '../../common/openapi/schema-registry';
import { MODIFIER_WIRE, OPTION_WIRE, VARIATION_WIRE } from './variation.wire';

export const VARIATION_SCHEMAS = defineSchemas({
  PcmVariation: VARIATION_WIRE.schema(),
  PcmVariationOption: OPTION_WIRE.schema(),
  PcmVariationModifier: MODIFIER_WIRE.schema(),
  /** `GET /pcm/products/:id/relationships/variations`: the variations attached to a product. */
  PcmProductVariationReference: closed({ type: oneOfStrings(['product-variation']), id: uuid(), meta: closed({ created_at: dateTime() }) }),
  /** `POST /pcm/products/:id/build`: the build, done when answered. */
  PcmJob: closed({
    id: uuid(),
    type: oneOfStrings(['pim-job']),
    attributes: closed({ started_at: dateTime(), completed_at: dateTime(), created_at: dateTime(), updated_at: dateTime(), type: oneOfStrings(['child-products']), status: oneOfStrings(['success']) }),
    meta: closed({ x_request_id: string() }),
  }),
});

export const variationReferencesResponse = closed({ data: arrayOf(ref(VARIATION_SCHEMAS.PcmProductVariationReference)) });
