/**
 * The Allure reporter of the suite: allure-playwright with its runtime's writer swapped for one that
 * does not fsync (src/reporting/allure-reporter.ts). Fails if allure-playwright moves its runtime.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Suite } from '@playwright/test/reporter';
import ConformanceAllureReporter, { UnsyncedWriter } from '../../src/reporting/allure-reporter';

void test('onBegin gives the runtime the unsynced writer, which writes results, attachments (flushed by onEnd) and categories', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'allure-'));
  const reporter = new ConformanceAllureReporter({ resultsDir: dir });
  reporter.onBegin({ allTests: () => [], suites: [], entries: () => [] } as unknown as Suite);
  const runtime = (reporter as unknown as { allureRuntime: { writer: unknown } }).allureRuntime;
  assert.ok(runtime.writer instanceof UnsyncedWriter);

  const writer = new UnsyncedWriter(join(dir, 'made-on-first-write'));
  writer.writeAttachment('a-attachment.txt', Buffer.from('exchange'));
  writer.writeCategoriesDefinitions([{ name: 'auth-enforced' }]);
  writer.writeEnvironmentInfo({ seed: '1' });
  await writer.flush();
  assert.deepEqual(readdirSync(join(dir, 'made-on-first-write')).sort(), ['a-attachment.txt', 'categories.json', 'environment.properties']);
  assert.equal(readFileSync(join(dir, 'made-on-first-write', 'a-attachment.txt'), 'utf8'), 'exchange');
  assert.match(readFileSync(join(dir, 'made-on-first-write', 'environment.properties'), 'utf8'), /^seed=1$/);
});

void test('an attachment that cannot be written fails the flush, naming it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'allure-'));
  const writer = new UnsyncedWriter(dir);
  writer.writeAttachment('no-such-dir/b-attachment.txt', Buffer.from('exchange'));
  writer.writeAttachment('c-attachment.txt', Buffer.from('fine'));
  await assert.rejects(writer.flush(), /Allure attachments not written: no-such-dir\/b-attachment.txt/);
  assert.equal(readFileSync(join(dir, 'c-attachment.txt'), 'utf8'), 'fine');
});
