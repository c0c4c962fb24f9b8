/**
 * Companion follows the browser's language, in real Chromium and Firefox put in that language
 * (the harness's `uiLanguage`: Chromium's LANGUAGE environment, Firefox's `intl.locale.requested`,
 * with Debian's language packs). Arabic: the popup lays out right to left, as a member sees it
 * (the tab bar starts on the right, text is aligned to the right). German: the popup and the
 * settings page speak German. One launch per language and browser (the language is the process's).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_USERNAME } from '@/sandbox/index';
import { BROWSER_NAMES, type TestPage, useBrowser, withSandbox } from './harness';

const sandbox = withSandbox();

const TAB = '[role="tablist"].popup-tabs [role="tab"]';

/** The popup's tab labels (each may carry a count after its name). */
async function tabLabels(popup: TestPage): Promise<string[]> {
  await popup.waitFor((selector) => document.querySelectorAll(selector).length === 4, TAB);
  return popup.evaluate(
    (selector) => [...document.querySelectorAll(selector)].map((tab) => tab.textContent?.trim() ?? ''),
    TAB,
  );
}

describe.each(BROWSER_NAMES)('%s', (name) => {
  describe('in Arabic', () => {
    const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME, uiLanguage: 'ar' });

    it('lays the popup out right to left, in Arabic', async () => {
      const popup = await browser().openPopup();
      const labels = await tabLabels(popup);
      expect(labels[0]).toContain('آخر الأخبار');
      expect(labels[1]).toContain('الرسائل');
      expect(labels[2]).toContain('استكشف');
      expect(labels[3]).toContain('أشيائي');
      await popup.waitFor(() => document.querySelector('[data-testid="feed-item"] time') !== null);
      const layout = await popup.evaluate((selector) => {
        const box = (element: Element | null) => {
          const { left, right } = (element as Element).getBoundingClientRect();
          return { left, right };
        };
        // Where the text itself is (its element may be as wide as the line).
        const textBox = (element: Element | null) => {
          const range = document.createRange();
          range.selectNodeContents(element as Element);
          const { left, right } = range.getBoundingClientRect();
          return { left, right };
        };
        const tabs = [...document.querySelectorAll(selector)];
        return {
          dir: document.documentElement.dir,
          lang: document.documentElement.lang,
          width: document.documentElement.clientWidth,
          firstTab: box(tabs[0] ?? null),
          lastTab: box(tabs.at(-1) ?? null),
          member: box(document.querySelector('[data-testid="popup-member"] .avatar')),
          settings: box(document.querySelector('.popup-header .header-icon')),
          // A short line of text: the time of the first feed item ("3 days ago").
          time: textBox(document.querySelector('[data-testid="feed-item"] time')),
        };
      }, TAB);
      expect(layout.dir).toBe('rtl');
      expect(layout.lang).toBe('ar');
      const middle = layout.width / 2;
      // The first tab (Feed) is on the right, the last one (Explore) entirely to its left.
      expect(layout.lastTab.right).toBeLessThanOrEqual(layout.firstTab.left);
      // The header starts on the right with the member, the settings button is on the left.
      expect(layout.member.left).toBeGreaterThan(middle);
      expect(layout.settings.right).toBeLessThan(middle);
      // Text is aligned to the right: a short line ends on the right and leaves the left empty.
      expect(layout.time.left).toBeGreaterThan(middle);
    });
  });

  describe('in German', () => {
    const browser = useBrowser(name, { sandbox, signedInAs: DEMO_USERNAME, uiLanguage: 'de' });

    it('shows the popup and the settings page in German', async () => {
      const popup = await browser().openPopup();
      const labels = await tabLabels(popup);
      expect(labels[0]).toContain('Feed');
      expect(labels[1]).toContain('Nachrichten');
      expect(labels[2]).toContain('Entdecken');
      expect(labels[3]).toContain('Meine Sachen');
      expect(
        await popup.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
      ).toEqual(['de', 'ltr']);

      const options = await browser().openExtensionPage('options.html');
      expect(await options.waitForText('h1', 'Companion-Einstellungen')).toBe('Companion-Einstellungen');
      expect(await options.evaluate(() => document.documentElement.lang)).toBe('de');
    });
  });
});
