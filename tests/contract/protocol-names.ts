/** The message names of the protocol, read from its source so that new messages are covered too. */
import { readFileSync } from 'node:fs';

export function protocolMessageNames(): string[] {
  const source = readFileSync(new URL('../../lib/protocol.ts', import.meta.url), 'utf8');
  const body = source.slice(source.indexOf('interface ProtocolMap'));
  const names = [...body.slice(0, body.indexOf('\n}')).matchAll(/^ {2}(\w+)\(/gm)].map((m) => m[1] as string);
  return [...new Set(names)];
}
