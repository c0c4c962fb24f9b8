/** Pages with no content of their own (not found, placeholders): only the navigation bar's count. */
import { startMessageCount } from './nav.js';

void startMessageCount();
