import type { ValidateFunction } from 'ajv';
import { openApiDocument } from '../../../../gateway/openapi/document';
import { createOpenApiAjv, rebaseRefs } from '../../../../gateway/openapi/ajv';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ajv = createOpenApiAjv();
const cache = new Map<string, ValidateFunction>();

function lookup(ref: string): Obj {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node: Obj, key) => node[key], openApiDocument as unknown as Obj);
}

/** The response object the document declares for path + method + status (refs followed). */
export function documentedResponse(path: string, method: string, status: number): Obj {
  const operation = (openApiDocument.paths as Obj)[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`no operation ${method} ${path} in the document`);
  let response = operation.responses[String(status)];
  if (!response) throw new Error(`${method} ${path} does not document status ${status}`);
  if (response.$ref) response = lookup(response.$ref);
  return response;
}

/** Validates a body against the documented JSON schema of that response; returns ajv's errors. */
export function responseErrors(path: string, method: string, status: number, body: unknown): unknown[] | null {
  const key = `${method} ${path} ${status}`;
  let validate = cache.get(key);
  if (!validate) {
    const schema = documentedResponse(path, method, status).content['application/json'].schema as Obj;
    validate = ajv.compile(rebaseRefs(schema));
    cache.set(key, validate);
  }
  return validate(body) ? null : (validate.errors ?? []);
}

/** The documented header names of that response (lower-case). */
export function documentedHeaders(path: string, method: string, status: number): string[] {
  return Object.keys(documentedResponse(path, method, status).headers ?? {}).map((h) => h.toLowerCase());
}

/** Validates a value against one of the document's component schemas (e.g. a webhook body against WebhookEvent). */
export function schemaErrors(name: string, value: unknown): unknown[] | null {
  const key = `schema ${name}`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(rebaseRefs({ $ref: `#/components/schemas/${name}` }));
    cache.set(key, validate);
  }
  return validate(value) ? null : (validate.errors ?? []);
}
