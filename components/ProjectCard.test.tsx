// @vitest-environment happy-dom
/**
 * One card for a project (the feed's followed projects, Explore) and a studio (Explore): its
 * markers, its one link (found by the classes the end-to-end tests use), its mark and lines.
 */
import { render } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import { ProjectCard } from './ProjectCard';

function show(node: preact.ComponentChild) {
  const root = document.createElement('ul');
  render(node, root);
  return root;
}

describe('ProjectCard', () => {
  it('is a project: picture and title in one link to its page, the mark and the lines beside', () => {
    const onOpen = vi.fn((event: MouseEvent) => event.preventDefault());
    const root = show(
      <ProjectCard
        id={42}
        title="A project"
        thumbnailUrl="//cdn2.scratch.mit.edu/get_image/project/42_480x360.png"
        href="https://site.example/projects/42/"
        onOpen={onOpen}
        mark={<span data-testid="project-status" />}
      >
        <span class="card-sub">by alice</span>
      </ProjectCard>,
    );
    const card = root.querySelector<HTMLElement>('[data-testid="project-card"]');
    expect(card?.dataset.projectId).toBe('42');
    expect(card?.querySelector('[data-testid="project-status"]')).not.toBeNull();
    const link = card?.querySelector<HTMLAnchorElement>('a.project-title.x-card-link');
    expect(link?.href).toBe('https://site.example/projects/42/');
    expect(link?.textContent).toBe('A project');
    expect(link?.querySelector('img')?.getAttribute('alt')).toBe('');
    // The service's protocol-relative address takes the site's scheme.
    expect(link?.querySelector('img')?.src).toBe(
      'https://cdn2.scratch.mit.edu/get_image/project/42_480x360.png',
    );
    expect(card?.querySelectorAll('a')).toHaveLength(1);
    expect(card?.querySelector('.card-sub')?.textContent).toBe('by alice');
    link?.click();
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('is a studio with its own marker and picture shape', () => {
    const root = show(
      <ProjectCard
        kind="studio"
        id={7}
        title="A studio"
        thumbnailUrl="https://uploads.scratch.mit.edu/get_image/gallery/7_170x100.png"
        href="/s/7/"
      />,
    );
    const card = root.querySelector<HTMLElement>('[data-testid="studio-card"]');
    expect(card?.dataset.studioId).toBe('7');
    expect(card?.classList.contains('card-studio')).toBe(true);
    expect(card?.querySelector('img')?.getAttribute('width')).toBe('170');
  });

  it('shows an empty frame for a picture off the site’s image hosts', () => {
    for (const thumbnailUrl of [
      'https://evil.example/42.png',
      'http://cdn2.scratch.mit.edu/42.png',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      '//evil.example/42.png',
      '/42.png',
    ]) {
      const root = show(<ProjectCard id={42} title="A project" thumbnailUrl={thumbnailUrl} href="/p/42/" />);
      expect(root.querySelector('img')).toBeNull();
      expect(root.querySelector('a [data-testid="image-refused"]')?.className).toBe('card-thumb');
    }
  });
});
