/** Seeded projects whose comments are plain text: what translation and read-aloud tests click on. */
import { DEMO_USERNAME, type RunningSandbox } from '@/sandbox/index';
import type { Comment, Project } from '@/sandbox/model';

/**
 * Each shared project someone else owns with at least 40 top-level comments, with the distinct
 * plain-text comments (letters, no markup, entities or @names) among its first 20.
 */
export function* projectsWithPlainComments(
  sandbox: RunningSandbox,
): Generator<{ project: Project; comments: Comment[] }> {
  const store = sandbox.control.store;
  const demo = store.getUser(DEMO_USERNAME)?.id;
  for (const project of store.projects()) {
    if (!project.isShared || project.authorId === demo) continue;
    const top = store.topLevelComments('project', project.id);
    if (top.length < 40) continue;
    const seen = new Set<string>();
    const comments = top.slice(0, 20).filter((c) => {
      const plain = /\p{L}{3}/u.test(c.content) && !/[<&@]/.test(c.content) && !seen.has(c.content);
      seen.add(c.content);
      return plain;
    });
    yield { project, comments };
  }
}
