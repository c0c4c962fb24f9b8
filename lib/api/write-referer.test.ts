/** The referer rule of writes: only the background's own POST/DELETE to the interface's /proxy/ paths. */
import { describe, expect, it } from 'vitest';
import { siteProfiles } from '@/lib/config';
import {
  acceptInviteRefererRule,
  dismissRefererRule,
  markReadRefererRule,
  writeRefererRule,
} from './write-referer';

describe('writeRefererRule', () => {
  it('sets the site as referer on the extension’s own writes to /proxy/, from no tab', () => {
    const rule = writeRefererRule(siteProfiles.public, 'abcdefghijklmnop');
    expect(rule.action.requestHeaders).toEqual([
      { header: 'Referer', operation: 'set', value: 'https://scratch.mit.edu/' },
    ]);
    expect(rule.condition).toEqual({
      urlFilter: '|https://api.scratch.mit.edu/proxy/',
      initiatorDomains: ['abcdefghijklmnop'],
      tabIds: [-1],
      requestMethods: ['post', 'delete'],
      resourceTypes: ['xmlhttprequest'],
    });
  });

  it('follows the profile (the local sandbox)', () => {
    const rule = writeRefererRule(siteProfiles.local, 'uuid');
    expect(rule.condition.urlFilter).toBe('|http://127.0.0.1:8611/proxy/');
    expect(rule.action.requestHeaders[0]?.value).toBe('http://127.0.0.1:8610/');
  });

  it('sets it on the extension’s own dismissals of an alert, a POST to the site’s own address', () => {
    const rule = dismissRefererRule(siteProfiles.public, 'abcdefghijklmnop');
    expect(rule.id).not.toBe(writeRefererRule(siteProfiles.public, 'abcdefghijklmnop').id);
    expect(rule.action.requestHeaders[0]?.value).toBe('https://scratch.mit.edu/');
    expect(rule.condition).toEqual({
      urlFilter: '|https://scratch.mit.edu/site-api/messages/messages-delete/',
      initiatorDomains: ['abcdefghijklmnop'],
      tabIds: [-1],
      requestMethods: ['post'],
      resourceTypes: ['xmlhttprequest'],
    });
  });

  it('sets it on marking read (POST) and accepting a curator invitation (PUT), each a rule of its own', () => {
    const host = 'abcdefghijklmnop';
    const rules = [
      writeRefererRule(siteProfiles.public, host),
      dismissRefererRule(siteProfiles.public, host),
      markReadRefererRule(siteProfiles.public, host),
      acceptInviteRefererRule(siteProfiles.public, host),
    ];
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
    expect(markReadRefererRule(siteProfiles.public, host).condition).toEqual({
      urlFilter: '|https://scratch.mit.edu/site-api/messages/messages-clear/',
      initiatorDomains: [host],
      tabIds: [-1],
      requestMethods: ['post'],
      resourceTypes: ['xmlhttprequest'],
    });
    const accept = acceptInviteRefererRule(siteProfiles.local, host);
    expect(accept.condition.urlFilter).toBe('|http://127.0.0.1:8610/site-api/users/curators-in/');
    expect(accept.condition.requestMethods).toEqual(['put']);
    expect(accept.action.requestHeaders[0]?.value).toBe('http://127.0.0.1:8610/');
  });
});
