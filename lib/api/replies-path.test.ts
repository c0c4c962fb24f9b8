import { describe, expect, it } from 'vitest';
import { NotFound, ServerError } from './errors';
import { type RepliesPath, repliesPathMemory, storedRepliesPath, withRepliesFallback } from './replies-path';

/** A service whose paths answer as `answering` says (a path that is not there: 404). */
function service(answering: Set<RepliesPath>) {
  const asked: RepliesPath[] = [];
  const read = async (path: RepliesPath) => {
    asked.push(path);
    if (!answering.has(path)) throw new NotFound('no such route');
    return `replies from /${path}/`;
  };
  return { asked, read };
}

describe('where replies are read', () => {
  it('asks the site’s plural path first, and only there while it answers', async () => {
    const memory = repliesPathMemory();
    const { asked, read } = service(new Set(['users', 'user']));
    expect(await withRepliesFallback(memory, read)).toBe('replies from /users/');
    expect(await withRepliesFallback(memory, read)).toBe('replies from /users/');
    expect(asked).toEqual(['users', 'users']);
  });

  it('falls back on a 404 and remembers the path that answered: one 404 in all', async () => {
    const memory = repliesPathMemory();
    const { asked, read } = service(new Set(['user']));
    expect(await withRepliesFallback(memory, read)).toBe('replies from /user/');
    expect(await withRepliesFallback(memory, read)).toBe('replies from /user/');
    expect(asked).toEqual(['users', 'user', 'user']);
    expect(await memory.preferred()).toBe('user');
  });

  it('a 404 at both paths is the comment gone: NotFound, nothing remembered', async () => {
    const memory = repliesPathMemory();
    const { read } = service(new Set());
    await expect(withRepliesFallback(memory, read)).rejects.toBeInstanceOf(NotFound);
    expect(await memory.preferred()).toBe('users');
  });

  it('another failure is not a reason to ask the other path', async () => {
    const memory = repliesPathMemory();
    const asked: RepliesPath[] = [];
    const failing = async (path: RepliesPath) => {
      asked.push(path);
      throw new ServerError('down', { status: 503 });
    };
    await expect(withRepliesFallback(memory, failing)).rejects.toBeInstanceOf(ServerError);
    expect(asked).toEqual(['users']);
  });

  it('kept in storage: a restarted worker asks the remembered path first; junk reads as the default', async () => {
    let stored: unknown = null;
    const store = {
      get: async () => stored,
      set: async (path: RepliesPath) => {
        stored = path;
      },
    };
    const { asked, read } = service(new Set(['user']));
    await withRepliesFallback(storedRepliesPath(store), read);
    expect(stored).toBe('user');
    // A new worker, a new memory over the same storage.
    await withRepliesFallback(storedRepliesPath(store), read);
    expect(asked).toEqual(['users', 'user', 'user']);
    stored = { __proto__: 'user' };
    expect(await storedRepliesPath(store).preferred()).toBe('users');
  });
});
