import { boolean, closed, constant, integer, ref, string, uuid } from '../../common/openapi/json-schema';
import { defineSchemas } from '../../common/openapi/schema-registry';
import { WIRE } from '../../common/openapi/wire-schemas';

export const FILE_SCHEMAS = defineSchemas({
  File: closed({
    type: constant('file'),
    id: uuid(),
    file_name: string(),
    mime_type: string(),
    file_size: integer({ minimum: 0 }),
    public: boolean(),
    link: closed({ href: string({ description: 'Where the content is: /v2/files/{id}/content for an upload, the given URL for a linked file' }) }),
    meta: closed({ dimensions: closed({ width: integer(), height: integer() }), timestamps: ref(WIRE.Timestamps) }, ['dimensions']),
    links: ref(WIRE.SelfLink),
  }),
  FileUpload: {
    type: 'object',
    description: 'Either `file` (the content) or `file_location` (a URL to link)',
    properties: {
      file: string({ format: 'binary' }),
      file_location: string({ format: 'uri' }),
      file_name: string(),
      public: { type: 'string', enum: ['true', 'false'] },
    },
  },
});
