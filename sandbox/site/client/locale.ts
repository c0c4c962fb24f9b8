/**
 * The page's language, as scratch-www's init script sets it: the `scratchlanguage` cookie, else the
 * browser's language (Portuguese defaults to Brazilian), written to `<html lang>`.
 */
export function siteLocale(): string {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'scratchlanguage' && value.join('=') !== '') return decodeURIComponent(value.join('='));
  }
  const browser = navigator.language;
  return ['pt', 'pt-pt', 'PT', 'PT-PT'].includes(browser) ? 'pt-br' : browser;
}

export function applySiteLocale(): void {
  document.documentElement.lang = siteLocale();
}
