/**
 * Real responses of the live service, captured and published by other people (see
 * real-payloads/SOURCES.md): every entry of the manifest must pass its named schema (lists item by
 * item), so no schema change can refuse what the live service really sends.
 *
 * The workspace's `../shared/real-payloads/` is the source; `tests/real-payloads/` is the
 * repository's copy, so the test also runs on a clone without the workspace (and fails when the two
 * have drifted apart).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '@/lib/api/client';
import { HttpClient } from '@/lib/api/http';
import * as schemas from '@/lib/api/schemas';
import type { z } from '@/lib/api/zod';

const REPO_COPY = path.resolve(import.meta.dirname, '../real-payloads');
const SHARED = path.resolve(import.meta.dirname, '../../../shared/real-payloads');

interface ManifestEntry {
  file: string;
  schema: string;
  list: boolean;
}

const dir = existsSync(path.join(SHARED, 'manifest.json')) ? SHARED : REPO_COPY;
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
const manifest = read('manifest.json') as { entries: ManifestEntry[] };

function schemaNamed(name: string): z.ZodType {
  const schema = (schemas as Record<string, unknown>)[name];
  if (typeof schema !== 'object' || schema === null || !('safeParse' in schema)) {
    throw new Error(`manifest names "${name}", which lib/api/schemas.ts does not export`);
  }
  return schema as z.ZodType;
}

describe('real payloads of the live service', () => {
  it('the manifest lists the captures (23 bodies under 18 entries at least)', () => {
    expect(manifest.entries.length).toBeGreaterThanOrEqual(18);
    const bodies = manifest.entries.reduce((n, e) => {
      const body = read(e.file);
      return n + (e.list && Array.isArray(body) ? body.length : 1);
    }, 0);
    expect(bodies).toBeGreaterThanOrEqual(23);
  });

  it.each(manifest.entries.map((e) => [e.file, e] as const))('%s passes its schema', (_file, entry) => {
    const schema = schemaNamed(entry.schema);
    const body = read(entry.file);
    const items = entry.list ? (body as unknown[]) : [body];
    if (entry.list) expect(Array.isArray(body), `${entry.file} is a list`).toBe(true);
    items.forEach((item, index) => {
      const result = schema.safeParse(item);
      const where = entry.list ? `${entry.file}[${index}]` : entry.file;
      expect(result.error?.issues ?? [], `${where} refused by ${entry.schema}`).toEqual([]);
    });
  });

  it("a user's project list reaches consumers with its author's username, from the request", async () => {
    const body = JSON.stringify(read('users-projects.json'));
    const http = new HttpClient({
      limiter: null,
      retries: 0,
      fetch: async () => new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
    });
    const urls = {
      site: 'https://s.test',
      api: 'https://a.test',
      translate: 'https://t.test',
      synthesis: 'https://y.test',
    };
    const api = new ApiClient({
      urls,
      http,
      auth: {
        token: async () => null,
        refreshAfterUnauthorized: async () => null,
        csrfToken: async () => undefined,
      },
    });
    const page = await api.userProjects.listPage({ username: 'griffpatch' });
    expect(page.dropped).toBe(0);
    expect(page.items).toHaveLength((read('users-projects.json') as unknown[]).length);
    for (const project of page.items) expect(project.author.username).toBe('griffpatch');
  });

  it('a project elsewhere without its author.username is refused (nothing is loosened)', () => {
    const [item] = read('users-projects.json') as unknown[];
    expect(schemas.projectSchema.safeParse(item).success).toBe(true);
    expect(schemas.projectWithAuthorSchema.safeParse(item).success).toBe(false);
    const named = { ...(item as object), author: { ...(item as { author: object }).author, username: 'a' } };
    expect(schemas.projectWithAuthorSchema.safeParse(named).success).toBe(true);
  });

  it("the repository's copy matches the workspace's captures", () => {
    if (dir === REPO_COPY) return; // Only the copy exists here: nothing to compare with.
    for (const file of readdirSync(SHARED)) {
      expect(readFileSync(path.join(REPO_COPY, file), 'utf8'), file).toBe(
        readFileSync(path.join(SHARED, file), 'utf8'),
      );
    }
  });
});
