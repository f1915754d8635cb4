/**
 * Group commit: items added while a flush runs wait for the next one, so many results that come in close
 * together cost one statement, not one each. One flush at a time, at most `max` items each; the first
 * waits `gatherMs` (or, with 0, for the current turn of the event loop to end) to gather what arrives meanwhile.
 *
 * A flush that fails is retried item by item, so one bad item (or a deadlock with an unrelated
 * transaction) cannot fail the others; an item whose own flush fails rejects its promise. `flush` must
 * therefore be safe to repeat for items of a batch that failed (all or nothing, e.g. one statement).
 */
export class Batcher<T, R> {
  private queue: { item: T; resolve: (result: R) => void; reject: (err: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly flush: (items: T[]) => Promise<R[]>,
    private readonly max = 100,
    /** How long the first item of a batch waits for others (0 = until the current turn of the event loop ends). */
    private readonly gatherMs = 0,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        if (this.gatherMs > 0) setTimeout(() => void this.run(), this.gatherMs);
        else setImmediate(() => void this.run());
      }
    });
  }

  /** Items waiting for a flush (not counting the one running). */
  get pending(): number {
    return this.queue.length;
  }

  private async run() {
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.max);
      try {
        const results = await this.flush(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]));
      } catch (err) {
        if (batch.length === 1) batch[0].reject(err);
        else for (const b of batch) await this.flush([b.item]).then(([result]) => b.resolve(result), b.reject);
      }
    }
    this.running = false;
  }
}
