/** The message names of the protocol, from its one declaration, so that new messages are covered too. */
import { protocolMessages } from '@/lib/composition/protocol-messages';

export function protocolMessageNames(): string[] {
  return Object.keys(protocolMessages);
}
