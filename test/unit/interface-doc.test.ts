/**
 * docs/INTERFACE.md is the binding interface as the project keeps it: equal to what the registries
 * give (npm run interface-doc), and, when the steering interface is beside the project
 * (../shared/INTERFACE.md), naming every command, variable and report file it names.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { INTERFACE_DOC, interfaceDoc } from '../../src/cli/interface-doc';
import { VARIABLES } from '../../src/config/variables';

const ROOT = join(__dirname, '../..');
const doc = readFileSync(join(ROOT, INTERFACE_DOC), 'utf8');

test('docs/INTERFACE.md is what the registries give (run npm run interface-doc after changing a variable)', () => {
  assert.equal(doc, interfaceDoc());
  for (const v of VARIABLES) assert.ok(doc.includes(`\`${v.name}\``), `${v.name} is not in ${INTERFACE_DOC}`);
});

test('docs/INTERFACE.md names every command, variable and report file of the steering interface (when it is there)', (t) => {
  const file = join(ROOT, '../shared/INTERFACE.md');
  if (!existsSync(file)) {
    t.skip(`no ${file} beside the project`);
    return;
  }
  const steering = readFileSync(file, 'utf8');
  const names = new Set([...steering.matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+)`/g)].map((m) => m[1] ?? ''));
  const commands = new Set([...steering.matchAll(/`(npm (?:run [a-z-]+|start|test))/g)].map((m) => m[1] ?? ''));
  const reports = new Set([...steering.matchAll(/`(reports\/[a-z./-]+)`/g)].map((m) => m[1] ?? ''));
  assert.ok(names.size > 25 && commands.size > 5 && reports.size > 4, 'the steering interface was read');
  const missing = [...names, ...commands, ...reports].filter((n) => !doc.includes(n));
  assert.deepEqual(missing, [], `${INTERFACE_DOC} lacks what ../shared/INTERFACE.md names`);
});
