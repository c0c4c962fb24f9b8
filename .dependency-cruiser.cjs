/**
 * The import rules of Companion's layout (ARCHITECTURE.md, "Layers and public faces"), checked by
 * `npm test` (scripts/test.mjs) with dependency-cruiser over the shipped code (tests are left out:
 * they may reach into what they test).
 *
 * From the bottom up:
 * - the platform: lib/'s own files, lib/storage, lib/protocol, lib/api and the shared mechanisms
 *   (lib/concurrency, lib/cached-list, lib/read-aloud, lib/notifications, lib/popup, lib/site);
 * - the domains, lib/<domain>/, each with its public face: `*-model.ts` (types and pure rules, any
 *   context), `*-storage.ts` (its storage items), and for the composition root only
 *   `*-protocol.ts` (its messages), `*-budget.ts` (its caches' caps), `*-background.ts` (its wiring);
 * - the composition, lib/composition/, which assembles the domains' declarations;
 * - the surfaces: entrypoints/, components/, lib/features/.
 */

const DOMAINS =
  'session|message-count|feed|messages|project-status|translation|explore|mystuff|project-history';
const DOMAIN = `^lib/(${DOMAINS})/`;
/** What other code may import of a domain. */
const PUBLIC_FACE = '-(model|storage|protocol|budget|background)\\.ts$';
/** Of the public face, what only the composition root may import (zod, budgets, wiring). */
const COMPOSITION_FACE = '-(protocol|budget|background)\\.ts$';
const PLATFORM = `^lib/(?!(${DOMAINS}|composition|features)/)`;
const COMPOSITION_ROOT = '^(entrypoints/background\\.ts|lib/composition/)';
/** Code only the background may load (its types may be imported anywhere). */
const BACKGROUND_ONLY = [
  '(^|/)node_modules/zod/',
  '^lib/api/(client|http|schemas|zod|paging|rate-limiter|write-referer|errors|html-entities)\\.ts$',
  '^lib/protocol/(checked-messages|fields)\\.ts$',
  '^lib/composition/(protocol-messages|checked-protocol|storage-budget)\\.ts$',
  `${DOMAIN}.*${COMPOSITION_FACE}`,
];
/** The contexts that are pages: the popup, the options page, the offscreen document, site pages. */
const PAGES = '^(entrypoints/(popup|options|offscreen|site\\.content)/|components/|lib/features/)';

module.exports = {
  forbidden: [
    {
      name: 'platform-imports-no-domain',
      comment:
        'The platform (storage, protocol, API client, shared mechanisms) imports no domain, and nothing above the domains: the domains declare what they add to it, and the composition assembles it.',
      severity: 'error',
      from: { path: PLATFORM },
      to: { path: [DOMAIN, '^lib/(composition|features)/', '^(entrypoints|components)/'] },
    },
    {
      name: 'domain-through-its-public-face',
      comment:
        'A domain is imported from outside only through its public face (*-model.ts, *-storage.ts; the composition root also *-protocol.ts, *-budget.ts, *-background.ts): its services and helpers are its own.',
      severity: 'error',
      from: { path: '^(lib/([^/]+)/|entrypoints/|components/)' },
      to: { path: DOMAIN, pathNot: ['^lib/$2/', PUBLIC_FACE] },
    },
    {
      name: 'declarations-for-the-composition-root',
      comment:
        "A domain's protocol declarations (zod), cache budgets and background wiring are for the composition root (entrypoints/background.ts, lib/composition/) only; any other code may import their types.",
      severity: 'error',
      from: { path: '^(lib/([^/]+)/|entrypoints/|components/)', pathNot: COMPOSITION_ROOT },
      to: { path: `${DOMAIN}.*${COMPOSITION_FACE}`, pathNot: '^lib/$2/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'composition-above-the-domains',
      comment:
        "lib/composition assembles the domains: only what stands above them (the entrypoints, components, the content script's features) imports it.",
      severity: 'error',
      from: { path: '^lib/', pathNot: '^lib/(composition|features)/' },
      to: { path: '^lib/composition/' },
    },
    {
      name: 'no-background-code-in-pages',
      comment:
        'The popup, the options page, the offscreen document and the content script load no background-only code: no zod, no API client, no checked answering (their types may be imported).',
      severity: 'error',
      from: { path: PAGES },
      to: {
        path: BACKGROUND_ONLY,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'public-faces-stay-page-safe',
      comment:
        "A domain's models and storage items load in pages: they import no background-only code either (their types aside), so nothing a page imports through them brings it.",
      severity: 'error',
      from: { path: `${DOMAIN}.*-(model|storage)\\.ts$` },
      to: { path: BACKGROUND_ONLY, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-view-imports-another-view',
      comment:
        "A popup tab's folder imports nothing of another tab's folder (shared pieces live in components/ or the popup's root).",
      severity: 'error',
      from: { path: '^entrypoints/popup/([^/]+)/' },
      to: { path: '^entrypoints/popup/[^/]+/', pathNot: '^entrypoints/popup/$1/' },
    },
    {
      name: 'no-folder-cycle',
      comment:
        'Folders import each other one way: a cycle between folders means two of them are one, or a piece is in the wrong one.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(lib|components)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.output|\\.wxt)/|\\.test\\.tsx?$|(^|/)fake-[^/]*\\.ts$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['import', 'default', 'types'],
    },
  },
};
