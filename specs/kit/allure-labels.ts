/**
 * The Allure labels of a test: one epic, feature and story, of the first operation it covers (the
 * others as parameters, not part of its identity); a test that covers no operation sits under its
 * API's epic, by its spec file.
 */
import type { TestInfo } from '@playwright/test';
import * as allure from 'allure-js-commons';
import type { ApiName, OperationSpec } from '../../contract/catalogue/types';
import { LEAN } from './lean';
import { withoutStack } from './attach';

export const API_TITLES: Record<ApiName, string> = {
  rm: 'Recruitment Marketing API v2',
  hr: 'HR core API v3',
  learning: 'Learning Activities API v3',
};

/** The operations whose Allure labels a test already carries (the first is its epic, feature and story). */
const labelledOps = new WeakMap<TestInfo, Set<string>>();

export function allureLabelsFor(testInfo: TestInfo, op: OperationSpec): PromiseLike<void> {
  const seen = labelledOps.get(testInfo) ?? new Set<string>();
  labelledOps.set(testInfo, seen);
  if (seen.has(op.id)) return Promise.resolve();
  seen.add(op.id);
  if (seen.size > 1) return withoutStack(() => allure.parameter('also covers', `${op.method} ${op.path}`, { excluded: true }));
  // One runtime message for the five labels: each message is an attachment (specs/kit/attach.ts).
  return withoutStack(() =>
    allure.labels(
      { name: 'epic', value: API_TITLES[op.api] },
      { name: 'feature', value: op.resource },
      { name: 'story', value: `${op.method} ${op.path}` },
      { name: 'operation', value: op.id },
      { name: 'section', value: op.section },
    ),
  );
}

/** A test that covers no operation (tokens, tenants, what is only observed) still sits under its API's epic. */
export function allureHomeFor(testInfo: TestInfo): PromiseLike<void> {
  if (LEAN || labelledOps.has(testInfo)) return Promise.resolve();
  const api = testInfo.project.name.replace(/@.*$/, '') as ApiName;
  const file = testInfo.file.replace(/^.*\//, '').replace(/\.spec\.ts$/, '');
  return withoutStack(() => allure.labels({ name: 'epic', value: API_TITLES[api] ?? api }, { name: 'feature', value: file }));
}
