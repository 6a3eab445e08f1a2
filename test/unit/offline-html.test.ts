/** The built Allure report contacts no one: the pinned template's analytics script is removed. */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { blankAnalyticsInFile, externalUrls, withoutAnalytics } from '../../src/reporting/offline-html';

const require = createRequire(__filename);
const generators = join(dirname(require.resolve('@allurereport/plugin-awesome')), 'generators.js');

test('the pinned Allure template carries the analytics script, and withoutAnalytics removes it whole', () => {
  const template = readFileSync(generators, 'utf8');
  const start = template.indexOf('{{#if analyticsEnable}}');
  const end = template.indexOf('{{/if}}', start);
  assert.ok(start > 0 && end > start, 'the template still has its analytics block');
  const block = template.slice(start + '{{#if analyticsEnable}}'.length, end);
  const page = `<html><head></head><body><div id="app"></div>${block}<script>window.allure = {};</script></body></html>`;
  assert.ok(externalUrls(page).length > 0 && page.includes('gtag('), 'the block loads an external script');
  const clean = withoutAnalytics(page);
  assert.deepEqual(externalUrls(clean), []);
  assert.doesNotMatch(clean, /gtag|googletagmanager/);
  assert.match(clean, /window\.allure = \{\};/, "the report's own scripts stay");

  // In place, on a file with text that is not ASCII around it: the same page, byte for byte the same length.
  const file = join(mkdtempSync(join(tmpdir(), 'offline-html-')), 'index.html');
  const withText = page.replace('<div id="app"></div>', '<div id="app">Ünïcode – ✓</div>');
  writeFileSync(file, withText);
  assert.equal(blankAnalyticsInFile(file), 2);
  const blanked = readFileSync(file, 'utf8');
  assert.equal(Buffer.byteLength(blanked), Buffer.byteLength(withText));
  assert.deepEqual(externalUrls(blanked), []);
  assert.doesNotMatch(blanked, /gtag|googletagmanager/);
  assert.match(blanked, /<div id="app">Ünïcode – ✓<\/div>/);
  assert.match(blanked, /window\.allure = \{\};/);
  assert.equal(blankAnalyticsInFile(file), 0, 'nothing left to blank');
});
