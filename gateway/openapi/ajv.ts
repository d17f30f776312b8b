import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from './document';
import { maxNameBytesKeyword } from './nameBytes';
import { VALIDATED_AGAINST } from './schemas';

/** Where the document's component schemas are registered, so #/components/schemas/X refs resolve. */

const COMPONENTS_ID = 'https://screening.local/openapi.json';

/**
 * One strict ajv instance holding the document's component schemas. Request validation and
 * the acceptance tests' response validation both compile from it.
 */
export function createOpenApiAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, discriminator: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'components' });
  // Names the component a value accepted as is is validated against on its own (batch items).
  ajv.addKeyword({ keyword: VALIDATED_AGAINST, schemaType: 'string' });
  ajv.addKeyword(maxNameBytesKeyword);
  ajv.addSchema({ $id: COMPONENTS_ID, components: { schemas: openApiDocument.components.schemas } });
  return ajv;
}

export function componentRef(name: string): string {
  return `${COMPONENTS_ID}#/components/schemas/${name}`;
}

/** Maps a document ref (#/components/schemas/X) to the registered id. */
export function resolveDocumentRef(ref: string): string {
  return `${COMPONENTS_ID}${ref}`;
}

/** A copy of an inline document schema whose #/… refs point at the registered components. */
export function rebaseRefs<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(rebaseRefs) as T;
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? resolveDocumentRef(v) : rebaseRefs(v),
      ]),
    ) as T;
  }
  return schema;
}
