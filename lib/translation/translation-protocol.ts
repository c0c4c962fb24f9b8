/** Translation and read aloud's messages (./translation-background.ts answers them). */
import { z } from 'zod';
import { MAX_SPEECH_CHARACTERS } from '@/lib/api/text-split';
import { answer, type Declarations, EXTENSION_PAGE, MEMBER_FREE } from '@/lib/protocol/declaration';
import { language, text } from '@/lib/protocol/fields';
import type { TranslationResult } from '@/lib/translation/translation-model';

export const translationMessages = {
  /** `text` (plain, decoded) in `language` (a helper code); cached, once per text and language. */
  translate: { from: MEMBER_FREE, data: z.object({ text, language }), answer: answer<TranslationResult>() },
  /**
   * Reads `text` aloud in the voice of `language` (stopping any other reading of the sender);
   * answers once the audio plays. Throws when it cannot start.
   */
  startReading: {
    from: MEMBER_FREE,
    data: z.object({ text, language }),
    answer: answer<{ readingId: number }>(),
  },
  /** Answers when the reading ends, however it ended. */
  readingEnded: {
    from: MEMBER_FREE,
    data: z.object({ readingId: z.number().int() }),
    answer: answer<'finished' | 'stopped' | 'failed'>(),
  },
  /** Stops the sender's reading `readingId`. */
  stopReading: { from: MEMBER_FREE, data: z.object({ readingId: z.number().int() }), answer: answer<void>() },
  /**
   * The speech helper's audio of one piece of text (at most MAX_SPEECH_CHARACTERS) in the
   * voice of `language`: the popup plays its readings itself (it is a page), so they end as it closes.
   */
  speechClip: {
    from: EXTENSION_PAGE,
    data: z.object({
      text: z.string().max(MAX_SPEECH_CHARACTERS),
      language,
      voice: z.enum(['female', 'male']),
    }),
    answer: answer<{ base64: string; type: string }>(),
  },
} as const satisfies Declarations;
