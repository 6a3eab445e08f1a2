// Request bodies (part 1: "Request bodies are sent with media type application/vnd.api+json and carry a top-level
// `data` object with `type` and `attributes`"): reading, media type, JSON parsing and the `data` envelope.
import type { IncomingMessage } from 'node:http';
import type { Choices } from './choices';
import { HttpError, badRequest, unprocessable } from './errors';

export const BODY_LIMIT = 80 * 1024 * 1024;

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new HttpError(413, 'request body too large'));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}

/** Parses a JSON body; undefined for an empty body read as "no data". */
export function parseJsonBody(raw: Buffer, contentType: string | undefined, choices: Choices): unknown {
  const text = raw.toString('utf8');
  if (text.trim() === '') {
    if (choices.emptyBody === 400) throw badRequest('request body required');
    return undefined;
  }
  if (choices.bodyMediaTypes !== null) {
    const essence = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!choices.bodyMediaTypes.includes(essence)) {
      throw new HttpError(
        415,
        `request bodies must be sent with media type ${choices.bodyMediaTypes.join(' or ')}`,
        undefined,
        {},
        {
          drf: `Unsupported media type "${contentType ?? ''}" in request.`,
        },
      );
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw badRequest('request body is not valid JSON', `JSON parse error - ${error instanceof Error ? error.message : 'invalid JSON'}`);
  }
}

export interface DataDoc {
  data: Obj;
  attributes: Obj;
}

/**
 * The `data` envelope. Strict and frameworks: `data` must be an object whose `type` equals `expectedType` (any
 * non-empty string when null, or for the alternate persona always) and whose `attributes` is an object; on a PATCH (`conflict`) a contradicting type answers
 * `dataConflictStatus` (JSON:API's 409 in the frameworks persona). Lenient: whatever is missing or malformed reads as empty.
 */
export function dataDocument(body: unknown, expectedType: string | null, choices: Choices, conflict = false): DataDoc {
  const strict = choices.requireDataType;
  const data = isObj(body) ? body.data : undefined;
  if (!isObj(data)) {
    if (strict) throw unprocessable('a top-level `data` object is required', '/data', 'This field is required.');
    return { data: {}, attributes: {} };
  }
  if (strict) {
    const type = data.type;
    if (typeof type !== 'string' || type === '') {
      throw unprocessable('`data.type` is required', '/data/type', 'This field is required.');
    }
    if (expectedType !== null && choices.dataTypeMustMatch && type !== expectedType) {
      const drf = `The resource object's type (${type}) is not the type that constitute the collection represented by the endpoint (${expectedType}).`;
      if (conflict && choices.dataConflictStatus === 409) throw new HttpError(409, drf, '/data/type', {}, { drf });
      throw unprocessable(`\`data.type\` must be "${expectedType}"`, '/data/type', drf);
    }
  }
  const attributes = data.attributes;
  if (attributes === undefined) return { data, attributes: {} };
  if (!isObj(attributes)) {
    if (strict) {
      throw unprocessable(
        '`data.attributes` must be an object',
        '/data/attributes',
        `Expected a dictionary of items but got type "${pyType(attributes)}".`,
      );
    }
    return { data, attributes: {} };
  }
  return { data, attributes };
}

/** Python's name of a JSON value's type, as DRF messages show it. */
export function pyType(v: unknown): string {
  if (v === null) return 'NoneType';
  if (Array.isArray(v)) return 'list';
  if (typeof v === 'string') return 'str';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  return 'dict';
}

/** Strict: refuses attribute names outside `allowed`. */
export function checkKnownAttributes(attributes: Obj, allowed: readonly string[], choices: Choices, base = '/data/attributes'): void {
  if (!choices.rejectUnknownAttributes) return;
  for (const key of Object.keys(attributes)) {
    if (!allowed.includes(key)) throw unprocessable(`unknown attribute \`${key}\``, `${base}/${key}`);
  }
}

/**
 * An optional string attribute: the string; null when sent as null (lenient only); undefined when absent or (lenient)
 * wrongly typed and therefore ignored. Strict refuses null and wrong types with 422.
 */
export function optionalString(attributes: Obj, key: string, choices: Choices, base = '/data/attributes'): string | null | undefined {
  const v = attributes[key];
  if (v === undefined || typeof v === 'string') return v;
  if (choices.rejectUnknownAttributes) throw unprocessable(`\`${key}\` must be a string`, `${base}/${key}`);
  return v === null ? null : undefined;
}

/** An optional array of strings; lenient reads a lone string as a one-element array and ignores other shapes. */
export function optionalStrings(attributes: Obj, key: string, choices: Choices): string[] | undefined {
  const v = attributes[key];
  if (v === undefined) return undefined;
  if (Array.isArray(v) && v.every((x): x is string => typeof x === 'string')) return v;
  if (choices.rejectUnknownAttributes) throw unprocessable(`\`${key}\` must be an array of strings`, `/data/attributes/${key}`);
  if (typeof v === 'string') return [v];
  if (v === null) return [];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;
}
