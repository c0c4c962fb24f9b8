/**
 * Where a project comment's replies are read. The site's own front end reads them at
 * `/users/<owner>/projects/<id>/comments/<c>/replies` (the site's comment actions); the interface
 * document names the singular `/user/<owner>/...`. Companion asks the site's way first; when that
 * answers 404 it asks the other way, and a path that answered where the other did not is
 * remembered, so a path that stopped answering costs one 404 until the other stops too. A 404 at
 * both paths is the comment being gone: nothing changes then.
 */
import { NotFound } from './errors';

/** The first segment of the path: the site's plural or the interface's singular. */
export type RepliesPath = 'users' | 'user';

/** Which path to ask first: kept by the caller (in memory, or in storage across worker restarts). */
export interface RepliesPathMemory {
  preferred(): Promise<RepliesPath>;
  answered(path: RepliesPath): Promise<void>;
}

/** The site's way first, until the other path answers where it does not. */
export const DEFAULT_REPLIES_PATH: RepliesPath = 'users';

/** A memory in this object only (tests, the benchmark, or a background without storage). */
export function repliesPathMemory(initial: RepliesPath = DEFAULT_REPLIES_PATH): RepliesPathMemory {
  let path = initial;
  return {
    preferred: async () => path,
    answered: async (answered) => {
      path = answered;
    },
  };
}

/** A memory kept by `store` (a storage item); anything but a known path reads as the default. */
export function storedRepliesPath(store: {
  get(): Promise<unknown>;
  set(path: RepliesPath): Promise<void>;
}): RepliesPathMemory {
  return {
    async preferred() {
      const stored = await store.get().catch(() => null);
      return stored === 'user' || stored === 'users' ? stored : DEFAULT_REPLIES_PATH;
    },
    async answered(path) {
      if ((await this.preferred()) !== path) await store.set(path).catch(() => undefined);
    },
  };
}

/**
 * `read` at the remembered path; on a 404 there, at the other one, which is remembered when it
 * answers. Any other failure is the caller's, at the first path (no second request).
 */
export async function withRepliesFallback<T>(
  memory: RepliesPathMemory,
  read: (path: RepliesPath) => Promise<T>,
): Promise<T> {
  const first = await memory.preferred();
  try {
    return await read(first);
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
  }
  const other: RepliesPath = first === 'users' ? 'user' : 'users';
  const answer = await read(other);
  await memory.answered(other);
  return answer;
}
