import { string } from '../../common/openapi/json-schema';
import { defineSchemas } from '../../common/openapi/schema-registry';
import { FILE_WIRE } from './file.wire';

/** A file as presentFile shows it (from its wire format); the multipart upload, which no DTO declares. */
export const FILE_SCHEMAS = defineSchemas({
  File: FILE_WIRE.schema(),
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
