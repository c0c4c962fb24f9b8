import { describe, expect, it } from 'vitest';
import { fullDate, plural, relativeTime, t } from './i18n';

describe('i18n', () => {
  it('reads messages with substitutions from locales/en.yml', () => {
    expect(t('messageCount.forMember', ['3 new messages', 'demo'])).toBe('3 new messages for demo');
  });

  it('chooses plural forms by the language rules and formats the count', () => {
    expect(plural('messageCount.newMessages', 1)).toBe('1 new message');
    expect(plural('messageCount.newMessages', 1234)).toBe('1,234 new messages');
  });

  it('words times like the site, with the full date for tooltips', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(relativeTime(now - 20_000, now)).toBe('just now');
    expect(relativeTime(now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(relativeTime(now - 26 * 3600_000, now)).toBe('yesterday');
    expect(relativeTime('not a date', now)).toBe('');
    expect(fullDate(now)).toContain('2026');
  });
});
