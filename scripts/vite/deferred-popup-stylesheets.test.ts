import { describe, expect, it } from 'vitest';
import { deferStylesheets } from './deferred-popup-stylesheets';

const BUILT = `<head>
    <link rel="preload" as="script" href="/first-frame.js">
    <link rel="stylesheet" crossorigin href="/assets/Panel-C.css">
    <link rel="stylesheet" href="/assets/popup-D.css">
    <script type="module" crossorigin src="/chunks/popup-A.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/shared-B.js">
  </head>`;

describe('deferStylesheets', () => {
  it('makes each stylesheet a preload of it, in place, and leaves every other link and script as it was', () => {
    expect(deferStylesheets(BUILT)).toBe(`<head>
    <link rel="preload" as="script" href="/first-frame.js">
    <link rel="preload" as="style" href="/assets/Panel-C.css">
    <link rel="preload" as="style" href="/assets/popup-D.css">
    <script type="module" crossorigin src="/chunks/popup-A.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/shared-B.js">
  </head>`);
  });
});
