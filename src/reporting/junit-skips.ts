/**
 * Skip reasons in reports/junit.xml. Playwright's JUnit reporter writes a skipped test's reason
 * only as a `<property name="skip" value="...">` and leaves `<skipped>` empty, so CI viewers
 * (which read `<skipped message="...">`) show no reason. `addJUnitSkipMessages` copies the reason
 * of each testcase's skip (or fixme) property into the `message` attribute of its `<skipped>`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const TESTCASE = /<testcase\b[^>]*>[\s\S]*?<\/testcase>/g;
/** An empty skipped element, in either form Playwright or another tool writes it. */
const EMPTY_SKIPPED = /<skipped\s*(?:\/>|>\s*<\/skipped>)/;
/** The property holding the reason; its value is already escaped for an attribute. */
const SKIP_PROPERTY = /<property\s+name="(?:skip|fixme)"\s+value="([^"]*)"/;

/** The JUnit XML with a `message` on every empty `<skipped>` whose testcase names a reason. */
export function addJUnitSkipMessages(xml: string): string {
  return xml.replace(TESTCASE, (testcase) => {
    if (!EMPTY_SKIPPED.test(testcase)) return testcase;
    const reason = SKIP_PROPERTY.exec(testcase)?.[1];
    if (!reason) return testcase;
    return testcase.replace(EMPTY_SKIPPED, `<skipped message="${reason}"/>`);
  });
}

/** Rewrites a junit.xml file in place; true when the file exists (whether or not anything changed). */
export function addJUnitSkipMessagesToFile(path: string): boolean {
  if (!existsSync(path)) return false;
  const xml = readFileSync(path, 'utf8');
  const fixed = addJUnitSkipMessages(xml);
  if (fixed !== xml) writeFileSync(path, fixed);
  return true;
}
