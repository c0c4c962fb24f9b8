/**
 * The sandbox for end-to-end runs: on a lane's fixed ports (lanes.ts), because the `local` build
 * has those addresses compiled in. Two e2e files run at once, each on its own lane.
 */
import { afterAll, beforeAll } from 'vitest';
import { type RunningSandbox, startSandbox } from '@/sandbox/index';
import { LANE_PREFERENCE, LANES, tryHoldLane } from './lanes';

export type { RunningSandbox } from '@/sandbox/index';

const isAddressInUse = (error: unknown) => (error as { code?: string } | null)?.code === 'EADDRINUSE';

/**
 * Starts the sandbox on the first lane no other file holds and whose ports are free (an `npm start`
 * may have the default ones); the lane is held until the sandbox closes.
 */
export async function startTestSandbox(): Promise<RunningSandbox> {
  for (const lane of LANE_PREFERENCE) {
    const held = await tryHoldLane(lane);
    if (!held) continue;
    try {
      const sandbox = await startSandbox({
        port: lane.firstPort,
        https: { port: lane.httpsPort },
        quiet: true,
      });
      const close = sandbox.close.bind(sandbox);
      sandbox.close = async () => {
        try {
          await close();
        } finally {
          await held.release();
        }
      };
      return sandbox;
    } catch (error) {
      await held.release();
      if (!isAddressInUse(error)) throw error;
    }
  }
  const ports = LANES.map((lane) => `${lane.firstPort}-${lane.firstPort + 6}, ${lane.httpsPort}`).join('; ');
  throw new Error(
    `Every sandbox lane is in use (ports ${ports}): is an \`npm start\` or a benchmark running?`,
  );
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
