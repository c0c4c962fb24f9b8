import { render } from 'preact';
import { App, frameStorage } from './App';
import { messageCountStorage } from './MessageCountLine';
import { primeStorageItems } from './storage-hooks';
import { popupTabs } from './tabs';
import './style.css';

// The cache in the FIRST frame: read what the frame and the views show, then render once.
const root = document.getElementById('app');
primeStorageItems([...frameStorage, ...messageCountStorage, ...popupTabs.flatMap((tab) => tab.storage)])
  .catch(() => undefined)
  .then(() => {
    if (root) render(<App />, root);
  });
