/**
 * Compiles the real `en` messages (locales/en.yml, exactly as the build compiles them) once for the
 * whole unit run, and hands them to every test file (./i18n-setup.ts reads them with `inject`):
 * parsing the YAML and loading the compiler again in each of some 180 isolated files cost about a
 * sixth of a second each.
 */
import path from 'node:path';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import type { TestProject } from 'vitest/node';

export type ChromeMessages = Record<string, { message: string }>;

declare module 'vitest' {
  export interface ProvidedContext {
    enMessages: ChromeMessages;
  }
}

export default async function provideMessages(project: TestProject): Promise<void> {
  const messages = generateChromeMessages(
    await parseMessagesFile(path.resolve(import.meta.dirname, '../../locales/en.yml')),
  );
  project.provide('enMessages', messages as ChromeMessages);
}
