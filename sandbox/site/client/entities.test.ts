import { describe, expect, it } from 'vitest';
import { decodeEntities } from './entities';

describe('decodeEntities', () => {
  it('turns the escapes the service sends back into the text that was typed', () => {
    expect(decodeEntities('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;hi&quot;')).toBe(
      `<script>alert('x')</script> & "hi"`,
    );
  });

  it('decodes decimal and hex references, emoji included', () => {
    expect(decodeEntities('&#128512; &#x1F600; &#xe9;t&#233;')).toBe('😀 😀 été');
  });

  it('decodes once: an escaped entity stays an entity in the text', () => {
    expect(decodeEntities('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
  });

  it('leaves unknown names, invalid code points and bare ampersands as they are', () => {
    expect(decodeEntities('&bogus; &#0; &#xD800; &#99999999; a & b &amp')).toBe(
      '&bogus; &#0; &#xD800; &#99999999; a & b &amp',
    );
  });

  it('keeps right-to-left text and zero-width characters untouched', () => {
    const text = 'שלום\u200b مرحبا\u200d';
    expect(decodeEntities(text)).toBe(text);
  });
});
