/**
 * Calls `fn` after `delayMs`, or for 0 right after the current turn of the event loop (setTimeout(0) waits at
 * least 1 ms, which a worker woken after every send would pay each time). Returns a function that cancels it.
 */
export function deferCall(fn: () => void, delayMs: number): () => void {
  if (delayMs > 0) {
    const timer = setTimeout(fn, delayMs);
    return () => clearTimeout(timer);
  }
  const immediate = setImmediate(fn);
  return () => clearImmediate(immediate);
}
