import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from './document';
import { maxNameBytesKeyword } from './nameBytes';

/** Where the document's component schemas are registered, so #/components/schemas/X refs resolve. */
export const ITEMS_VALIDATED_SEPARATELY = 'x-items-validated-separately';

const COMPONENTS_ID = 'https://screening.local/openapi.json';

/**
 * One strict ajv instance holding the document's component schemas. Request validation and
 * the acceptance tests' response validation both compile from it.
 */
export function createOpenApiAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, discriminator: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'components' });
  // Marks an array whose items the handler validates one by one (batch items); see validator.ts.
  ajv.addKeyword({ keyword: ITEMS_VALIDATED_SEPARATELY });
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
      Object.entries(schema).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? resolveDocumentRef(v) : rebaseRefs(v)]),
    ) as T;
  }
  return schema;
}
