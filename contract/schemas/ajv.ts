/**
 * One way to make an Ajv 2020-12 instance with formats, safe under both ESM loaders the project
 * uses (Playwright's and tsx): ajv and ajv-formats are CommonJS, so their default exports may
 * arrive wrapped.
 */
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats: AddFormats =
  typeof addFormatsModule === 'function'
    ? (addFormatsModule as unknown as AddFormats)
    : (addFormatsModule as unknown as { default: AddFormats }).default;

/** An Ajv 2020-12 instance with ajv-formats and the annotation keywords of the project's schemas. */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, ...options });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-clause', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-decision', schemaType: 'string' });
  return ajv;
}

export type { Ajv2020 };
