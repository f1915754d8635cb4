export interface KeyPair {
  clientId: string;
  clientSecret: string;
}

/** The key pair in a server's or a script's "shown only this once" banner, or null when there is none. */
export function parsePrintedKey(text: string): KeyPair | null {
  const clientId = /client_id:\s+(\w+)/.exec(text)?.[1];
  const clientSecret = /client_secret:\s+(\w+)/.exec(text)?.[1];
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/**
 * Runs `start` (an in-process server starting) with stdout captured, so that the key pair it prints can be
 * read: `printed()` during the start, once the application has bootstrapped, and in the result.
 */
export async function capturePrintedKey<T>(start: (printed: () => KeyPair | null) => Promise<T>): Promise<{ result: T; printed: KeyPair | null }> {
  let output = '';
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => ((output += String(chunk)), true)) as typeof process.stdout.write;
  try {
    const result = await start(() => parsePrintedKey(output));
    return { result, printed: parsePrintedKey(output) };
  } finally {
    process.stdout.write = write;
  }
}
