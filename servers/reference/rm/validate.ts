/**
 * Request body checks shared by the write operations: the `data{type, attributes}` envelope of
 * 000 §1 and typed attribute readers that throw 422 naming the member (000 §7).
 */
import { INVALID_JSON, isRecord } from '../http-kit';
import { invalid } from './respond';

/** ajv-formats' "email" (full mode): the same addresses the suite's schemas accept. */
export const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export interface Envelope {
  data: Record<string, unknown>;
  attributes: Record<string, unknown>;
}

/** The `data` object and its attributes; 422 when the body is not JSON or lacks them. */
export function envelope(body: unknown, options: { typeRequired: boolean; attributesRequired: boolean }): Envelope {
  if (body === INVALID_JSON) throw invalid('the body is not valid JSON');
  if (!isRecord(body) || !isRecord(body.data)) throw invalid('the body must carry a top-level data object', '/data');
  const { data } = body;
  if (options.typeRequired && (typeof data.type !== 'string' || data.type.trim() === ''))
    throw invalid('data.type is required', '/data/type');
  if (data.type !== undefined && typeof data.type !== 'string') throw invalid('data.type must be a string', '/data/type');
  if (data.attributes === undefined && !options.attributesRequired) return { data, attributes: {} };
  if (!isRecord(data.attributes)) throw invalid('data.attributes must be an object', '/data/attributes');
  return { data, attributes: data.attributes };
}

const pointer = (name: string): string => `/data/attributes/${name.replace(/\./g, '/')}`;

export function optionalString(attributes: Record<string, unknown>, name: string): string | undefined {
  const value = attributes[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`${name} must be a string`, pointer(name));
  return value;
}

/** A string that is present (it may be empty). */
export function presentString(attributes: Record<string, unknown>, name: string): string {
  const value = attributes[name];
  if (typeof value !== 'string') throw invalid(`${name} is required and must be a string`, pointer(name));
  return value;
}

/** A string that is present and not blank. */
export function requiredString(attributes: Record<string, unknown>, name: string, label = name): string {
  const value = attributes[name];
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${label} can't be blank`, pointer(label));
  return value;
}

export function optionalStringArray(attributes: Record<string, unknown>, name: string): string[] | undefined {
  const value = attributes[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw invalid(`${name} must be an array of strings`, pointer(name));
  return value as string[];
}

/** Standard padded base64 (RFC 4648 §4), no line breaks; empty content is an empty file. */
export function isBase64(text: string): boolean {
  return /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text);
}
