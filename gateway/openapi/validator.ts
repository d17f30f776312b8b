import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FieldErrors } from '../errors';
import { createOpenApiAjv, rebaseRefs, resolveDocumentRef } from './ajv';
import { openApiDocument } from './document';
import { MAX_NAME_BYTES_KEYWORD } from './nameBytes';
import { NO_LONE_SURROGATE, SUBJECT_TEXT_PATTERN, SUBJECT_TEXT_REASON, VALIDATED_AGAINST } from './schemas';
import type { Operation, ParameterSpec } from './operations';

/** Person name fields removed on 2026-08-23; a body carrying them is refused naming `name`. */
const REMOVED_PERSON_FIELDS = ['firstName', 'middleName', 'lastName', 'suffix'];

interface OperationValidator {
  /** Field errors for headers, path and query parameters; empty when valid. */
  parameters(input: {
    headers: Record<string, string | string[] | undefined>;
    params: Record<string, string>;
    query: Record<string, unknown>;
  }): FieldErrors;
  /** Field errors for the parsed JSON body; empty when valid. */
  body(body: unknown): FieldErrors;
}

/** items/3/name -> items[3].name; the root is `body`. */
export function fieldPath(instancePath: string, property?: string): string {
  const segments = instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (property !== undefined) segments.push(property);
  if (segments.length === 0) return 'body';
  return segments.reduce((path, seg) => (/^[0-9]+$/.test(seg) ? `${path}[${seg}]` : path ? `${path}.${seg}` : seg), '');
}

function add(fields: FieldErrors, field: string, reason: string): void {
  const reasons = (fields[field] ??= []);
  if (!reasons.includes(reason)) reasons.push(reason);
}

/** Turns ajv errors into the contract's `fields` map: field path -> reasons. */
function toFieldErrors(errors: ErrorObject[] | null | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const error of errors ?? []) {
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'additionalProperties': {
        const name = String(params.additionalProperty);
        if (REMOVED_PERSON_FIELDS.includes(name)) {
          add(
            fields,
            fieldPath(error.instancePath, 'name'),
            `${name} was removed on 2026-08-23: send the whole name, including any suffix, in name`,
          );
          add(fields, fieldPath(error.instancePath, name), 'removed field; use name');
        } else {
          add(fields, fieldPath(error.instancePath, name), 'unknown field');
        }
        break;
      }
      case 'required':
        add(fields, fieldPath(error.instancePath, String(params.missingProperty)), 'required');
        break;
      case 'discriminator':
        add(fields, fieldPath(error.instancePath, String(params.tag)), 'must be "person" or "organization"');
        break;
      case 'enum':
        add(fields, fieldPath(error.instancePath), `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`);
        break;
      case 'const':
        add(fields, fieldPath(error.instancePath), `must be ${JSON.stringify(params.allowedValue)}`);
        break;
      case 'format':
        add(
          fields,
          fieldPath(error.instancePath),
          params.format === 'date' ? 'must be a date, YYYY-MM-DD' : `must be a valid ${String(params.format)}`,
        );
        break;
      case 'minLength':
      case 'maxLength':
        add(fields, fieldPath(error.instancePath), lengthReason(error.keyword, Number(params.limit), 'character'));
        break;
      case 'pattern':
        add(fields, fieldPath(error.instancePath), patternReason(String(params.pattern)));
        break;
      case 'not':
        // The document's only `not` is NO_LONE_SURROGATE (see assertOnlyNotIsLoneSurrogate).
        add(fields, fieldPath(error.instancePath), SUBJECT_TEXT_REASON);
        break;
      case 'minItems':
      case 'maxItems':
        add(
          fields,
          fieldPath(error.instancePath),
          lengthReason(error.keyword === 'minItems' ? 'minLength' : 'maxLength', Number(params.limit), 'item'),
        );
        break;
      case MAX_NAME_BYTES_KEYWORD:
        for (const field of params.fields as string[]) {
          add(
            fields,
            fieldPath(error.instancePath, field),
            `${(params.fields as string[]).join(' and ')} together must be at most ${Number(params.limit)} bytes in UTF-8, got ${Number(params.bytes)}`,
          );
        }
        break;
      case 'oneOf':
      case 'if':
        break; // the branch errors already say what is wrong
      default:
        add(fields, fieldPath(error.instancePath), error.message ?? 'invalid');
    }
  }
  return fields;
}

function patternReason(pattern: string): string {
  if (pattern === '\\S') return 'must contain a non-space character';
  if (pattern === SUBJECT_TEXT_PATTERN) return SUBJECT_TEXT_REASON;
  return `must match ${pattern}`;
}

function lengthReason(keyword: 'minLength' | 'maxLength', limit: number, unit: string): string {
  const plural = limit === 1 ? unit : `${unit}s`;
  return keyword === 'minLength' ? `must have at least ${limit} ${plural}` : `must have at most ${limit} ${plural}`;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Refuses to start with a `not` in the document other than NO_LONE_SURROGATE, whose reason toFieldErrors names. */
function assertOnlyNotIsLoneSurrogate(node: unknown): void {
  if (Array.isArray(node)) node.forEach(assertOnlyNotIsLoneSurrogate);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'not' && JSON.stringify(value) !== JSON.stringify(NO_LONE_SURROGATE.not)) {
        throw new Error(`the OpenAPI document has a \`not\` the validator cannot name a reason for: ${JSON.stringify(value)}`);
      }
      assertOnlyNotIsLoneSurrogate(value);
    }
  }
}

/** Compiles every operation's parameter and body validators once, at start-up. */
export function compileValidators(operations: Operation[]): Map<string, OperationValidator> {
  assertOnlyNotIsLoneSurrogate(openApiDocument.components.schemas);
  const ajv = createOpenApiAjv();
  const validators = new Map<string, OperationValidator>();
  for (const operation of operations) {
    const bodyValidator: ValidateFunction | null = operation.bodySchemaRef
      ? ajv.compile({ $ref: resolveDocumentRef(operation.bodySchemaRef) })
      : null;
    const params = operation.parameters.map((spec: ParameterSpec) => ({ spec, validate: ajv.compile(rebaseRefs(spec.schema)) }));
    validators.set(operation.operationId, {
      parameters({ headers, params: pathParams, query }) {
        const fields: FieldErrors = {};
        for (const { spec, validate } of params) {
          const raw =
            spec.in === 'header'
              ? headerValue(headers[spec.name.toLowerCase()])
              : spec.in === 'path'
                ? pathParams[spec.name]
                : (query[spec.name] as string | undefined);
          // A parameter sent empty is a value, checked like any other: an empty Idempotency-Key
          // (minLength 1) or `?limit=` (a pattern '' does not match) is refused, as OpenAPI's
          // allowEmptyValue (false when not set) says; only a parameter not sent is absent.
          const absent = raw === undefined;
          if (absent) {
            if (spec.required) add(fields, spec.name, spec.in === 'header' ? `required header` : 'required');
            continue;
          }
          if (!validate(raw)) {
            for (const [, reasons] of Object.entries(toFieldErrors(validate.errors))) reasons.forEach((r) => add(fields, spec.name, r));
          }
        }
        return fields;
      },
      body(body) {
        if (!bodyValidator) return {};
        return bodyValidator(body) ? {} : toFieldErrors(bodyValidator.errors);
      },
    });
  }
  return validators;
}

/**
 * A validator for one component schema on its own: field paths are relative to the value, and
 * the value itself is named `root`. For a component that accepts any value and names the one
 * it is validated against (BatchItem: Entity), that one.
 */
export function compileComponentValidator(name: string, root: string): (value: unknown) => FieldErrors {
  const component = (openApiDocument.components.schemas as Record<string, Record<string, unknown>>)[name];
  const against = component?.[VALIDATED_AGAINST];
  const validate = createOpenApiAjv().compile({
    $ref: resolveDocumentRef(typeof against === 'string' ? against : `#/components/schemas/${name}`),
  });
  return (value) => {
    if (validate(value)) return {};
    const fields = toFieldErrors(validate.errors);
    if (fields.body) {
      fields[root] = fields.body;
      delete fields.body;
    }
    return fields;
  };
}
