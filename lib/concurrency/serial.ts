/**
 * A serial queue: work runs one piece after another, each starting when the previous one ended,
 * whatever its outcome. A service's read-modify-write of a storage item goes through one queue, so
 * two reads ending together never lose each other's result, and two checks never interleave.
 */

/** Runs `work` after everything queued before it; its result (or failure) is the caller's alone. */
export type Serially = <T>(work: () => Promise<T>) => Promise<T>;

export function serialQueue(): Serially {
  let queue: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work, work);
    // A failure is its caller's: the next piece of work starts all the same.
    queue = result.catch(() => undefined);
    return result;
  };
}
