/**
 * The whole protocol: the background's own messages and each domain's declarations
 * (`lib/<domain>/<domain>-protocol.ts`), assembled here, above the domains, as the content script's
 * features (lib/features/index.ts) and the popup's tabs (entrypoints/popup/tabs.ts) are. The
 * background checks every message against it (./checked-protocol.ts); its types reach every sender
 * through lib/protocol/messaging.ts's `ProtocolDeclarations`, which this file extends. A new domain
 * adds its declarations here.
 *
 * Background only: zod stays out of the popup and the content scripts, which import this file's
 * types only (through lib/protocol/messaging.ts).
 */
import { exploreMessages } from '@/lib/explore/explore-protocol';
import { feedMessages } from '@/lib/feed/feed-protocol';
import { messageCountMessages } from '@/lib/message-count/message-count-protocol';
import { otherAccountsMessages } from '@/lib/message-count/other-accounts-protocol';
import { messagesMessages } from '@/lib/messages/messages-protocol';
import { myStuffMessages } from '@/lib/mystuff/mystuff-protocol';
import { projectHistoryMessages } from '@/lib/project-history/project-history-protocol';
import { projectStatusMessages } from '@/lib/project-status/project-status-protocol';
import type { Declarations } from '@/lib/protocol/declaration';
import { extensionMessages } from '@/lib/protocol/extension-protocol';
import { sessionMessages } from '@/lib/session/session-protocol';
import { translationMessages } from '@/lib/translation/translation-protocol';

export const protocolMessages = {
  ...extensionMessages,
  ...sessionMessages,
  ...messageCountMessages,
  ...otherAccountsMessages,
  ...feedMessages,
  ...myStuffMessages,
  ...projectHistoryMessages,
  ...translationMessages,
  ...messagesMessages,
  ...projectStatusMessages,
  ...exploreMessages,
} as const satisfies Declarations;

type DomainMessages = typeof protocolMessages;

declare module '@/lib/protocol/messaging' {
  /** Every domain's messages, beside the background's own. */
  interface ProtocolDeclarations extends DomainMessages {}
}
