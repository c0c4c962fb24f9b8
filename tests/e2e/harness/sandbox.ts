/**
 * The sandbox for end-to-end runs: on its fixed ports (8610.., HTTPS on 8643), because the
 * `local` build has those addresses compiled in. e2e files run one at a time (vitest.config.ts).
 */
import { afterAll, beforeAll } from 'vitest';
import { type RunningSandbox, startSandbox } from '@/sandbox/index';

export type { RunningSandbox } from '@/sandbox/index';

export function startTestSandbox(): Promise<RunningSandbox> {
  return startSandbox({ https: true, quiet: true });
}

/**
 * Starts the sandbox before the file's (or describe block's) tests and closes it after.
 * Returns a getter: the sandbox exists only once `beforeAll` has run.
 */
export function withSandbox(): () => RunningSandbox {
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });
  return () => {
    if (!sandbox)
      throw new Error('The sandbox is not running: use it inside tests or hooks, after withSandbox()');
    return sandbox;
  };
}
