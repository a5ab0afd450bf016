/**
 * Pages of a source read ahead while the caller stores what came before: the provider's answer time and the
 * database's write time overlap. Fetching stays sequential (the source is asked for its next page only once the
 * one before has arrived) and stops `depth` pages ahead. Each step hands the caller every page that has arrived
 * (at least one, at most `depth`): with a quick source the caller stores several pages at once, with a slow one
 * each page as it comes. Pages fetched but never taken (the run stopped, the plan's limit) are dropped, a failure
 * among them reported nowhere; a failure is reported once the pages before it were taken. The source is closed
 * when the caller stops early.
 */
export async function* readAhead<T>(source: AsyncIterable<T>, depth = 1): AsyncGenerator<T[], void, undefined> {
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError('Read-ahead depth must be a positive integer.');
  const iterator = source[Symbol.asyncIterator]();
  const arrived: T[] = [];
  const state = { done: false, stopped: false, failed: false, error: undefined as unknown };
  /** Wakes the fetch loop (room in the buffer, or stop) and the caller (a page, the end, a failure). */
  const wake: { fetcher: (() => void) | null; caller: (() => void) | null } = { fetcher: null, caller: null };
  const sleep = (who: 'fetcher' | 'caller') =>
    new Promise<void>((resolve) => {
      wake[who] = resolve;
    });
  const rouse = (who: 'fetcher' | 'caller') => {
    const resolve = wake[who];
    wake[who] = null;
    resolve?.();
  };

  const fetching = (async () => {
    try {
      while (!state.stopped) {
        if (arrived.length >= depth) {
          await sleep('fetcher');
          continue;
        }
        const result = await iterator.next();
        if (result.done === true) break;
        arrived.push(result.value);
        rouse('caller');
      }
    } catch (error) {
      state.failed = true;
      state.error = error;
    } finally {
      state.done = true;
      rouse('caller');
    }
  })();

  try {
    for (;;) {
      if (arrived.length === 0) {
        if (state.done) break;
        await sleep('caller');
        continue;
      }
      const batch = arrived.splice(0, arrived.length);
      rouse('fetcher');
      yield batch;
    }
    if (state.failed) throw state.error;
  } finally {
    state.stopped = true;
    rouse('fetcher');
    await fetching;
    await iterator.return?.();
  }
}
