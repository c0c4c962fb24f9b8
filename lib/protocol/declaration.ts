/**
 * How the protocol's messages are declared, each once, by the domain that answers it
 * (`lib/<domain>/<domain>-protocol.ts`): its name (the key), who may send it (`from`), the schema of
 * its data (`data`; none: the message carries nothing, and whatever comes is ignored) and the type of
 * its answer (`answer`). ./messaging.ts derives the types both sides use from the declarations;
 * ./checked-messages.ts enforces `from` and `data` before any handler runs, so a handler holds only
 * its logic and the rules only it can know (which project's page, which member).
 *
 * The declarations carry zod schemas: background only. The popup and the content scripts import
 * their types only (through ./messaging.ts).
 */
import type { z } from 'zod';
import type { SenderKind } from './sender';

export interface MessageDeclaration {
  from: readonly SenderKind[];
  data?: z.ZodType;
  /** A type, not a value: `answer: answer<T>()`. */
  answer: unknown;
}

/** Declarations by message name. */
export type Declarations = Record<string, MessageDeclaration>;

/** Names the type of a message's answer (the value itself is nothing). */
export const answer = <T>() => undefined as T;

export const EXTENSION_PAGE = ['extension page'] as const;
/** A `site tab` is in the member's own browsing context: everything that reads or writes their state. */
export const SITE_TAB = ['site tab'] as const;
export const EITHER = ['extension page', 'site tab'] as const;
/** Uses nothing of the member's (no token, no cookie, nothing of theirs): also from a container's tab. */
export const MEMBER_FREE = ['extension page', 'site tab in any container'] as const;

type DataSchema<D> = D extends { data: infer S extends z.ZodType } ? S : never;

/** What a message's handler answers. */
export type AnswerOf<D> = D extends { answer: infer A } ? A : never;
/** What a sender puts in a message (before the background's checks). */
export type SentData<D> = z.input<DataSchema<D>>;
/** What a handler receives (after the checks: defaults, cuts and normalisations applied). */
export type CheckedData<D> = [DataSchema<D>] extends [never] ? undefined : z.output<DataSchema<D>>;

/** @webext-core/messaging's map of declarations: a message without data is a function of nothing. */
export type ProtocolMapOf<Ds> = {
  [K in keyof Ds]: [DataSchema<Ds[K]>] extends [never]
    ? () => AnswerOf<Ds[K]>
    : (data: SentData<Ds[K]>) => AnswerOf<Ds[K]>;
};
