/** Retrying a read while a remote target catches up (a new record may be indexed late). */

/** Retries `probe` a few times while it returns false (a remote target may index a new record late). */
export async function eventually(probe: () => Promise<boolean>, tries = 4, delayMs = 750): Promise<boolean> {
  for (let n = 1; n <= tries; n += 1) {
    if (await probe()) return true;
    if (n < tries) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  return false;
}
