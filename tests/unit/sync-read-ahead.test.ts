import { describe, expect, it } from 'vitest';
import { readAhead } from '../../src/server/sync/read-ahead';

/** A source whose pages arrive when the test says so; records each request and whether it was closed. */
function controlledSource(pages: number, failAt?: number) {
  const log: string[] = [];
  const gates: (() => void)[] = [];
  const arrive = async (count = 1) => {
    for (let i = 0; i < count; i += 1) {
      while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  async function* generate(): AsyncGenerator<number> {
    try {
      for (let page = 1; page <= pages; page += 1) {
        log.push(`fetch ${page}`);
        await new Promise<void>((resolve) => gates.push(resolve));
        if (page === failAt) throw new Error(`page ${page} failed`);
        yield page;
      }
    } finally {
      log.push('closed');
    }
  }
  return { log, arrive, pages: generate() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('readAhead', () => {
  it('hands over every page that has arrived, fetching one at a time and at most `depth` ahead', async () => {
    const { log, arrive, pages } = controlledSource(6);
    const batches = readAhead(pages, 3)[Symbol.asyncIterator]();

    const first = batches.next();
    await arrive();
    expect(await first).toEqual({ done: false, value: [1] });
    // While the caller stores page 1, pages 2-4 come in; the source is not asked for page 5 (three ahead).
    await arrive(3);
    await settle();
    expect(log).toEqual(['fetch 1', 'fetch 2', 'fetch 3', 'fetch 4']);
    expect(await batches.next()).toEqual({ done: false, value: [2, 3, 4] });
    await arrive(2);
    expect(await batches.next()).toEqual({ done: false, value: [5, 6] });
    expect(await batches.next()).toEqual({ done: true, value: undefined });
    expect(log.filter((entry) => entry === 'closed')).toHaveLength(1);
  });

  it('closes the source when the caller stops early, dropping pages fetched ahead', async () => {
    const { log, arrive, pages } = controlledSource(9);
    const taken: number[][] = [];
    const consuming = (async () => {
      for await (const batch of readAhead(pages, 2)) {
        taken.push(batch);
        break;
      }
    })();
    await arrive(2);
    await consuming;
    expect(taken).toEqual([[1]]);
    expect(log.at(-1)).toBe('closed');
    expect(log.filter((entry) => entry.startsWith('fetch')).length).toBeLessThanOrEqual(3);
  });

  it('reports a failed page once the pages before it were handed over', async () => {
    const { arrive, pages } = controlledSource(5, 3);
    const taken: number[] = [];
    const consuming = (async () => {
      for await (const batch of readAhead(pages, 4)) taken.push(...batch);
    })();
    const outcome = consuming.then(
      () => 'finished',
      (error: unknown) => (error as Error).message,
    );
    await arrive(3);
    expect(await outcome).toBe('page 3 failed');
    expect(taken).toEqual([1, 2]);
  });

  it('refuses a depth below one', async () => {
    await expect(readAhead((async function* () {})(), 0).next()).rejects.toThrow(RangeError);
  });
});
