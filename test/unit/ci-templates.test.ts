/**
 * The CI templates (ci/) say what they do: both set CONFORMANCE_REQUIRE_TARGET, so their comments
 * must say that a run with no base URL stops with exit 2, and how to lift it to try the embedded
 * reference server; they run exactly the commands the README names.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ROOT = join(__dirname, '../..');

for (const file of ['ci/github-actions.yml', 'ci/gitlab-ci.yml']) {
  void test(`${file}: what a run with no base URL does is said once, and the same as the settings`, () => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const comments = text
      .split('\n')
      .filter((l) => l.trimStart().startsWith('#'))
      .join(' ');
    assert.match(text, /^\s+CONFORMANCE_REQUIRE_TARGET: /m, 'the template sets CONFORMANCE_REQUIRE_TARGET');
    assert.doesNotMatch(comments, /neither base URL set the suite runs against its embedded/, 'a comment promises the embedded server');
    assert.match(comments, /neither base URL set the run stops with exit 2/);
    assert.match(comments, /CONFORMANCE_REQUIRE_TARGET with the value 0/, 'the comment says how to try the embedded server');
    assert.match(text, /CONFORMANCE_BLOB: ['"]1['"]/, 'shards write blob reports');
    assert.match(text, /npm run merge-reports -- --out /, 'the merge job runs merge-reports');
  });
}

void test('ci/github-actions.yml: the require-target setting can be lifted by a repository variable', () => {
  const text = readFileSync(join(ROOT, 'ci/github-actions.yml'), 'utf8');
  assert.match(text, /CONFORMANCE_REQUIRE_TARGET: \$\{\{ vars\.CONFORMANCE_REQUIRE_TARGET \|\| '1' \}\}/);
});
