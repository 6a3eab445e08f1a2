/**
 * `npm run openapi`: writes the OpenAPI 3.1 export of each API to schemas/openapi/ (committed files;
 * regenerate them whenever a schema or the catalogue changes, test/unit/openapi.test.ts compares them).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { APIS } from '../../contract/catalogue/index';
import { openApiFile, renderOpenApi } from '../../contract/openapi/export';
import { noOptions } from './help';

noOptions('openapi');

const root = join(__dirname, '../../');
for (const api of APIS) {
  const target = root + openApiFile(api);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, renderOpenApi(api));
  console.log(openApiFile(api));
}
