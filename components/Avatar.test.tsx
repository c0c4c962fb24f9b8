// @vitest-environment happy-dom
/** The avatar: the picture from the site's image hosts, the name's first letter for anything else. */
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

function show(src: string | null, name = 'mallory') {
  const root = document.createElement('div');
  render(<Avatar src={src} name={name} size={32} />, root);
  return root;
}

describe('Avatar', () => {
  it('shows the picture from the site’s image host', () => {
    const img = show('//cdn2.scratch.mit.edu/get_image/user/5_90x90.png').querySelector('img');
    expect(img?.src).toBe('https://cdn2.scratch.mit.edu/get_image/user/5_90x90.png');
  });

  it('shows the letter for an address off the site’s image hosts, or none', () => {
    for (const src of [
      'https://evil.example/a.png',
      'http://cdn2.scratch.mit.edu/get_image/user/5_90x90.png',
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      '//evil.example/a.png',
      null,
    ]) {
      const root = show(src);
      expect(root.querySelector('img')).toBeNull();
      expect(root.querySelector('.avatar-letter')?.textContent).toBe('M');
    }
  });
});
