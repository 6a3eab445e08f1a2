/** Attachments without a source-mapped stack: a report of ours never shows where an attachment step was called from. */
import type { TestInfo } from '@playwright/test';

/**
 * testInfo.attach() opens a step of its own and captures a 50-frame stack for it, each frame
 * source-mapped (~0.15 ms; an attachment per exchange, ~2,400 a run: ~0.4 CPU-s in the RM worker).
 * No report of ours shows where an attachment step was called from, so the attach starts (its
 * synchronous part, where the stack is taken) with a stack formatter that formats nothing.
 */
export function attachWithoutStack(testInfo: TestInfo, name: string, options: { body: string; contentType: string }): Promise<void> {
  return withoutStack(() => testInfo.attach(name, options));
}

/**
 * Runs `start` (e.g. an Allure runtime call, which is an attachment: a message to the runner) with a
 * stack formatter that formats nothing; the attachment is taken in its synchronous part.
 */
export function withoutStack<T>(start: () => T): T {
  const prepare = Error.prepareStackTrace;
  Error.prepareStackTrace = () => '';
  try {
    return start();
  } finally {
    Error.prepareStackTrace = prepare;
  }
}
