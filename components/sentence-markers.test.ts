import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import { fillSentence, sentenceMarkers } from './sentence-markers';

describe('sentences with elements in their placeholders', () => {
  it('puts the parts where the message puts $1..$n, in its order', () => {
    const message = t('feed.activity.remixproject', sentenceMarkers(3));
    expect(fillSentence(message, ['A', 'P', 'R'])).toEqual(['A', ' remixed ', 'P', ' as ', 'R']);
  });

  it('follows a language that orders the placeholders differently', () => {
    const [first, second] = sentenceMarkers(2);
    expect(fillSentence(`${second} wurde von ${first} geliebt`, [1, 2])).toEqual([
      2,
      ' wurde von ',
      1,
      ' geliebt',
    ]);
  });

  it('keeps text that merely looks like a marker beyond the parts given', () => {
    const [, , third] = sentenceMarkers(3);
    expect(fillSentence(`x ${third} y`, ['a'])).toEqual(['x ', third, ' y']);
  });
});
