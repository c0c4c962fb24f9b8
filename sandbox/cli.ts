/**
 * `npm run sandbox [-- --port N] [--https] [--https-port N] [--seed N] [--now DATE]`: start the
 * sandbox, print exactly one line `SANDBOX <json of the urls>` on stdout, serve until SIGINT or
 * SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startSandbox } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    https: { type: 'boolean', default: false },
    'https-port': { type: 'string' },
    seed: { type: 'string' },
    now: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const toNumber = (value: string | undefined, name: string) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`--${name} must be a port number, got ${value}`);
  return n;
};

const httpsPort = toNumber(values['https-port'], 'https-port');
const sandbox = await startSandbox({
  port: toNumber(values.port, 'port'),
  https: values.https || httpsPort !== undefined ? { port: httpsPort } : false,
  seed: values.seed === undefined ? undefined : Number(values.seed),
  // An ISO date (2026-11-20T12:00:00Z) or ms since the epoch.
  now: values.now === undefined ? undefined : /^\d+$/.test(values.now) ? Number(values.now) : values.now,
  quiet: values.quiet,
});
process.stdout.write(`SANDBOX ${JSON.stringify(sandbox.urls)}\n`);

const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
