import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addJUnitSkipMessages, addJUnitSkipMessagesToFile } from '../../src/reporting/junit-skips';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites id="" name="" tests="4" failures="0" skipped="3" errors="0" time="1">
<testsuite name="hr/tokens.spec.ts" tests="4" failures="0" skipped="3" time="1" errors="0">
<testcase name="ran" classname="hr/tokens.spec.ts" time="0.1">
<properties>
<property name="covers" value="hr.employee.put 2xx">
</property>
</properties>
</testcase>
<testcase name="waits" classname="hr/tokens.spec.ts" time="0">
<properties>
<property name="covers" value="hr.employee.put 4xx">
</property>
<property name="skip" value="waits 330 s: set CONFORMANCE_SLOW=1 &amp; wait &quot;long&quot;">
</property>
</properties>
<skipped>
</skipped>
</testcase>
<testcase name="fixme" classname="hr/tokens.spec.ts" time="0">
<properties>
<property name="fixme" value="not testable yet">
</property>
</properties>
<skipped/>
</testcase>
<testcase name="no reason" classname="hr/tokens.spec.ts" time="0">
<skipped>
</skipped>
</testcase>
</testsuite>
</testsuites>
`;

test('each empty <skipped> takes the reason of its own testcase\u2019s skip (or fixme) property', () => {
  const out = addJUnitSkipMessages(XML);
  assert.ok(
    out.includes('<skipped message="waits 330 s: set CONFORMANCE_SLOW=1 &amp; wait &quot;long&quot;"/>'),
    'escaped reason copied as is',
  );
  assert.ok(out.includes('<skipped message="not testable yet"/>'));
  // A testcase without a reason keeps its empty <skipped>; one that ran gets none.
  assert.match(out, /<testcase name="no reason"[^>]*>\s*<skipped>\s*<\/skipped>/);
  assert.equal((out.match(/<skipped/g) ?? []).length, 3);
  assert.ok(!/<testcase name="ran"[\s\S]*?<skipped[\s\S]*?<testcase name="waits"/.test(out));
  // Idempotent: a second pass changes nothing.
  assert.equal(addJUnitSkipMessages(out), out);
});

test('the file is rewritten in place; a missing file is reported, not created', () => {
  const dir = mkdtempSync(join(tmpdir(), 'junit-skips-'));
  const file = join(dir, 'junit.xml');
  assert.equal(addJUnitSkipMessagesToFile(file), false);
  writeFileSync(file, XML);
  assert.equal(addJUnitSkipMessagesToFile(file), true);
  assert.ok(readFileSync(file, 'utf8').includes('<skipped message="not testable yet"/>'));
});
