import { render } from 'preact';
import { uiLanguage } from '@/lib/i18n';
import { App } from './App';
import './style.css';

// The browser's language and its direction, as the popup (right-to-left languages lay out mirrored).
document.documentElement.lang = uiLanguage();
document.documentElement.dir = browser.i18n.getMessage('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';

const root = document.getElementById('app');
if (root) render(<App />, root);
