/**
 * A stand-in for the editor (scratch-gui) that scratch-www's project view renders in editor mode
 * (`src/views/preview/project-view.jsx`, without `Page`: no `nav#navigation`, no comments).
 *
 * The menu bar follows scratch-gui `src/components/menu-bar/menu-bar.jsx` (class names of
 * `menu-bar.css` and the other CSS modules as webpack's css-loader names them,
 * `<file>_<class>_<hash>`; the hashes here are fixed fakes, they change between live releases): the
 * main menu (logo, File, Edit, the title field or the author, Share/Remix, "See Project Page" in
 * `menu-bar_community-button-wrapper`, Tutorials), then `div.menu-bar_account-info-group_…` with the
 * save status item, and for a signed-in member `a[href="/mystuff/"] > div.menu-bar_menu-bar-item_…
 * menu-bar_hoverable_… menu-bar_mystuff-button_… > img.menu-bar_mystuff-icon_…` and the account nav
 * (`account-nav.jsx`: avatar, name, caret); signed out, "Join Scratch" and "Sign in" items. No
 * message count anywhere.
 *
 * Below it a stand-in for the blocks area and the stage whose DOM changes all the time (a timer moves
 * the sprites, updates a variable monitor and adds and drops blocks every 100 ms), as the real
 * editor's does while open. No project thumbnail is shown.
 */
import { h } from './dom.js';
import { avatar, type SessionUser } from './net.js';

/** `<file>_<class>` → the fake hash css-loader would have added. */
const HASHES: Record<string, string> = {
  'gui_page-wrapper': '1Lq3D',
  'gui_menu-bar-position': '3U1ps',
  'gui_body-wrapper': '3P4H6',
  'gui_flex-wrapper': '3D9mW',
  'gui_editor-wrapper': '1Ay1I',
  'gui_blocks-wrapper': '1ccgf',
  'gui_stage-and-target-wrapper': '3tw7V',
  'gui_target-wrapper': '36Ofr',
  box_box: '2jjDp',
  'menu-bar_menu-bar': '3U1ps',
  'menu-bar_main-menu': '3wjWH',
  'menu-bar_file-group': '1_CHX',
  'menu-bar_menu-bar-item': 'oLDa-',
  'menu-bar_hoverable': 'c6WFB',
  'menu-bar_scratch-logo': '2uReV',
  'menu-bar_clickable': '1g3uo',
  'menu-bar_collapsible-label': '3wFaH',
  'menu-bar_growable': '1sHWN',
  'menu-bar_title-field-growable': '3qr4P',
  'menu-bar_author-info': '1OMCa',
  'menu-bar_menu-bar-button': '3IDN0',
  'menu-bar_remix-button': '2ep3m',
  'menu-bar_community-button-wrapper': '2uX3N',
  'menu-bar_divider': '2VFCm',
  'menu-bar_help-icon': '2jDzG',
  'menu-bar_tutorials-label': '3KEP1',
  'menu-bar_account-info-group': '2_tsh',
  'menu-bar_menu-bar-section': '1xG9k',
  'menu-bar_mystuff-button': '3j1lX',
  'menu-bar_mystuff-icon': '3Bnk6',
  divider_divider: '1_Adi',
  'button_outlined-button': '18RNc',
  button_icon: '2ptRa',
  button_content: '3jdgj',
  'community-button_community-button': '2Lo_6',
  'community-button_community-button-icon': '1IFvv',
  'share-button_share-button': 'Nxxf0',
  'share-button_share-button-is-shared': 'nb5HI',
  'project-title-input_title-field': '2iRyN',
  'author-info_author-info': '3ZCBk',
  'author-info_avatar': '2h5Zp',
  'author-info_title-author': '3Dqhe',
  'author-info_project-title': '1mUNb',
  'author-info_username-line': '1sJgx',
  'author-info_username': '2bAyn',
  'account-nav_user-info': '1ZbKc',
  'account-nav_avatar': '2iT5h',
  'account-nav_profile-name': '2jQmw',
  'account-nav_dropdown-caret-position': 'pXmt3',
  'account-nav_dropdown-caret-icon': 'F4R8H',
  'user-avatar_user-thumbnail': '1rTvR',
  'save-status_save-now': '12Ly2',
  blocks_blocks: '1Rk-x',
  'stage-wrapper_stage-wrapper': '2bejr',
  stage_stage: '1fD7k',
  stage_sprite: '2u4Hs',
  monitor_monitor: '3qvIa',
  monitor_label: '3ObDC',
  monitor_value: '2Ef3T',
  'sprite-selector_sprite-selector': '2Vcyp',
  'sprite-selector-item_sprite-selector-item': 'kf5q9',
  'sprite-selector-item_sprite-name': '1PXjh',
};

/** The class attribute for CSS-module names `file_class`, hashed as on the live site. */
export function cssModules(...names: string[]): string {
  return names
    .map((name) => {
      const hash = HASHES[name];
      if (hash === undefined) throw new Error(`no hash for ${name}`);
      return `${name}_${hash}`;
    })
    .join(' ');
}

const m = cssModules;

const svg = (body: string, viewBox = '0 0 20 20') =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${body}</svg>`)}`;
const ICONS = {
  logo: svg('<text x="0" y="15" font-size="14" font-weight="bold" fill="white">Scratch</text>', '0 0 60 20'),
  file: svg('<path d="M4 2h8l4 4v12H4z" fill="none" stroke="white" stroke-width="2"/>'),
  edit: svg('<path d="M3 17l3-1 10-10-2-2L4 14z" fill="none" stroke="white" stroke-width="2"/>'),
  caret: svg('<path d="M5 8l5 5 5-5" fill="none" stroke="white" stroke-width="2"/>'),
  help: svg('<circle cx="10" cy="10" r="8" fill="none" stroke="white" stroke-width="2"/>'),
  community: svg('<path d="M3 10h14M10 3v14" stroke="white" stroke-width="2"/>'),
  mystuff: svg('<path d="M1 4h7l2 3h9v11H1z" fill="none" stroke="white" stroke-width="2"/>'),
};

export interface EditorProject {
  id: number;
  title: string;
  author: { id: number; username: string };
  shared: boolean;
}

/**
 * The menu bar's two shapes: 2024's (`div.menu-bar_account-info-group_…`, scratch-gui
 * src/components/menu-bar/menu-bar.jsx) and the one the editor's 2026 updates gave other wrappers
 * (a `div` turned `aside`, another class put before the wrapper's own), which the live-site
 * extensions rewrote their selectors for in March 2026. `?menubar=2026` on the editor's address picks
 * the second.
 */
export type MenuBarVariant = '2024' | '2026';

export interface EditorOptions {
  /** The project, or null for a new one (`/projects/editor/`). */
  project: EditorProject | null;
  /** The menu bar's shape (default 2024's). */
  menuBar?: MenuBarVariant;
  me: SessionUser | null;
  /** "See Project Page": back to the project page (only for a project that has one). */
  onSeeProjectPage?: () => void;
}

export interface EditorHandle {
  element: HTMLElement;
  /** Stops the editor's timers (the page frame comes back). */
  destroy(): void;
}

function menuItem(extra: string[], ...children: (Node | string | false | null)[]): HTMLElement {
  return h('div', { class: m('menu-bar_menu-bar-item', ...extra) }, ...children);
}

/** scratch-gui's `Button`: `span.button_outlined-button_…[role=button]` with an icon and `div.button_content_…`. */
function guiButton(classes: string[], label: string, icon: string | null, onClick?: () => void): HTMLElement {
  const button = h(
    'span',
    { class: `${m('button_outlined-button')} ${classes.join(' ')}`, role: 'button' },
    icon && h('img', { class: m('button_icon'), draggable: 'false', src: icon, alt: '' }),
    h('div', { class: m('button_content') }, label),
  );
  if (onClick) button.addEventListener('click', onClick);
  return button;
}

function menuBar(options: EditorOptions): HTMLElement {
  const { project, me } = options;
  const owner = project !== null && me !== null && me.id === project.author.id;
  const signIn = () => location.assign(`/login/?next=${encodeURIComponent(location.pathname)}`);

  const titleOrAuthor =
    me !== null && (project === null || owner)
      ? menuItem(
          ['menu-bar_growable'],
          h('input', {
            class: `${m('project-title-input_title-field')} ${m('menu-bar_title-field-growable')}`,
            maxlength: 100,
            placeholder: 'Project title here',
            type: 'text',
            value: project?.title ?? 'Untitled',
          }),
        )
      : project !== null
        ? h(
            'div',
            { class: `${m('menu-bar_author-info')} ${m('author-info_author-info')}` },
            h('img', {
              class: `${m('user-avatar_user-thumbnail')} ${m('author-info_avatar')}`,
              src: avatar(project.author.id),
              alt: '',
            }),
            h(
              'div',
              { class: m('author-info_title-author') },
              h('span', { class: m('author-info_project-title') }, project.title),
              h(
                'div',
                null,
                h(
                  'span',
                  { class: m('author-info_username-line') },
                  'by ',
                  h('span', { class: m('author-info_username') }, project.author.username),
                ),
              ),
            ),
          )
        : null;

  const shareOrRemix = menuItem(
    [],
    owner &&
      guiButton(
        [
          m('menu-bar_menu-bar-button'),
          m('share-button_share-button'),
          project?.shared ? m('share-button_share-button-is-shared') : '',
        ],
        project?.shared ? 'Shared' : 'Share',
        null,
      ),
    me !== null &&
      project !== null &&
      !owner &&
      guiButton([m('menu-bar_menu-bar-button'), m('menu-bar_remix-button')], 'Remix', ICONS.edit),
  );

  // menu-bar.jsx: "See Project Page" when the project has a page (`enableCommunity`).
  const community = menuItem(
    ['menu-bar_community-button-wrapper'],
    project !== null &&
      options.onSeeProjectPage !== undefined &&
      guiButton(
        [m('menu-bar_menu-bar-button'), m('community-button_community-button')],
        'See Project Page',
        ICONS.community,
        options.onSeeProjectPage,
      ),
  );

  const logo = h('img', {
    id: 'logo_img',
    alt: 'Scratch',
    class: m('menu-bar_scratch-logo', 'menu-bar_clickable'),
    draggable: 'false',
    src: ICONS.logo,
  });
  logo.addEventListener('click', () => location.assign('/'));

  const account = me
    ? [
        h(
          'a',
          { href: '/mystuff/' },
          menuItem(
            ['menu-bar_hoverable', 'menu-bar_mystuff-button'],
            h('img', { class: m('menu-bar_mystuff-icon'), src: ICONS.mystuff, alt: '' }),
          ),
        ),
        h(
          'div',
          { class: `${m('account-nav_user-info')} ${m('menu-bar_menu-bar-item', 'menu-bar_hoverable')}` },
          h('img', {
            class: `${m('user-avatar_user-thumbnail')} ${m('account-nav_avatar')}`,
            src: avatar(me.id),
            alt: '',
          }),
          h('span', { class: m('account-nav_profile-name') }, me.username),
          h(
            'div',
            { class: m('account-nav_dropdown-caret-position') },
            h('img', { class: m('account-nav_dropdown-caret-icon'), src: ICONS.caret, alt: '' }),
          ),
        ),
      ]
    : [
        menuItem(['menu-bar_hoverable'], 'Join Scratch'),
        (() => {
          const item = menuItem(['menu-bar_hoverable'], 'Sign in');
          item.addEventListener('mouseup', signIn);
          return item;
        })(),
      ];

  return h(
    'div',
    { class: `${m('menu-bar_menu-bar')} ${m('gui_menu-bar-position', 'box_box')}` },
    h(
      'div',
      { class: m('menu-bar_main-menu') },
      h(
        'div',
        { class: m('menu-bar_file-group') },
        menuItem([], logo),
        menuItem(
          ['menu-bar_hoverable'],
          h('img', { src: ICONS.file, alt: '' }),
          h('span', { class: m('menu-bar_collapsible-label') }, 'File'),
          h('img', { src: ICONS.caret, alt: '' }),
        ),
        menuItem(
          ['menu-bar_hoverable'],
          h('img', { src: ICONS.edit, alt: '' }),
          h('span', { class: m('menu-bar_collapsible-label') }, 'Edit'),
          h('img', { src: ICONS.caret, alt: '' }),
        ),
      ),
      titleOrAuthor,
      shareOrRemix,
      community,
      h('div', { class: `${m('divider_divider')} ${m('menu-bar_divider')}` }),
      h(
        'div',
        { class: m('menu-bar_file-group') },
        menuItem(
          ['menu-bar_hoverable'],
          h('img', { class: m('menu-bar_help-icon'), src: ICONS.help, alt: '' }),
          h('span', { class: m('menu-bar_tutorials-label') }, 'Tutorials'),
        ),
      ),
    ),
    // The account info group: the save status item (empty until the project changes), then the
    // member's My Stuff link and account nav, or Join / Sign in.
    options.menuBar === '2026'
      ? h(
          'aside',
          { class: m('menu-bar_menu-bar-section', 'menu-bar_account-info-group') },
          menuItem([]),
          ...account,
        )
      : h('div', { class: m('menu-bar_account-info-group') }, menuItem([]), ...account),
  );
}

const BLOCK_TEXTS = [
  'when green flag clicked',
  'move (10) steps',
  'turn ↻ (15) degrees',
  'say [Hello!]',
  'forever',
];

/** Renders the editor into `host` (its children replaced) and starts the timer that keeps changing it. */
export function mountEditor(host: HTMLElement, options: EditorOptions): EditorHandle {
  const blocks = h('div', { class: m('blocks_blocks'), 'aria-label': 'Code area' });
  const sprites = [0, 1, 2].map((index) =>
    h('div', { class: m('stage_sprite'), 'data-sprite': index, style: 'transform: translate(0px, 0px)' }),
  );
  const monitorValue = h('div', { class: m('monitor_value') }, '0');
  const stage = h(
    'div',
    { class: m('stage-wrapper_stage-wrapper') },
    h(
      'div',
      { class: m('stage_stage') },
      ...sprites,
      h(
        'div',
        { class: m('monitor_monitor') },
        h('div', { class: m('monitor_label') }, 'timer'),
        monitorValue,
      ),
    ),
  );
  const element = h(
    'div',
    { class: m('gui_page-wrapper', 'box_box'), dir: 'ltr' },
    menuBar(options),
    h(
      'div',
      { class: m('gui_body-wrapper', 'box_box') },
      h(
        'div',
        { class: m('gui_flex-wrapper', 'box_box') },
        h(
          'div',
          { class: m('gui_editor-wrapper', 'box_box') },
          h('div', { class: m('gui_blocks-wrapper', 'box_box') }, blocks),
        ),
        h(
          'div',
          { class: m('gui_stage-and-target-wrapper', 'box_box') },
          stage,
          h(
            'div',
            { class: m('gui_target-wrapper', 'box_box') },
            h(
              'div',
              { class: m('sprite-selector_sprite-selector') },
              ...['Sprite1', 'Sprite2', 'Sprite3'].map((name) =>
                h(
                  'div',
                  { class: m('sprite-selector-item_sprite-selector-item') },
                  h('div', { class: m('sprite-selector-item_sprite-name') }, name),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  host.replaceChildren(element);

  let tick = 0;
  const timer = setInterval(() => {
    tick++;
    sprites.forEach((sprite, index) => {
      const angle = (tick + index * 20) / 10;
      sprite.style.transform = `translate(${Math.round(Math.cos(angle) * 80)}px, ${Math.round(Math.sin(angle) * 50)}px)`;
    });
    monitorValue.textContent = (tick / 10).toFixed(1);
    if (blocks.childElementCount >= 8) blocks.firstElementChild?.remove();
    blocks.append(
      h(
        'div',
        { class: 'blocklyDraggable', 'data-tick': tick },
        BLOCK_TEXTS[tick % BLOCK_TEXTS.length] ?? '',
      ),
    );
  }, 100);

  return {
    element,
    destroy: () => clearInterval(timer),
  };
}
