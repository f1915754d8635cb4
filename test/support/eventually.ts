/**
 * Polls `check` until it returns something truthy and returns that; fails after `timeoutMs` (a ceiling for a
 * loaded machine, never a bound the test is about).
 */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
