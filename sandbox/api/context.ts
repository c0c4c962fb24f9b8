/** What every REST route file gets. */
import type { SandboxControl } from '../control';
import type { Store } from '../store';
import type { MessageCountCdn } from './message-count-cdn';

export interface ApiContext {
  store: Store;
  control: SandboxControl;
  messageCounts: MessageCountCdn;
}
