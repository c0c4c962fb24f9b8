/**
 * Read aloud inside the popup. The popup is a page: it plays the audio itself, with the same
 * reader as the background (pieces of at most 128 characters, the next one fetched while one plays,
 * one reading at a time: lib/read-aloud/read-aloud.ts) and the same <audio> player, in both
 * browsers. Only the audio of each piece comes from the background (`speechClip`: the background
 * alone talks to the helpers, within the extension's rate). A reading ends when the popup closes,
 * with its Stop button: played by the background (Chrome's offscreen document, Firefox's event
 * page), it would go on with nothing left to stop it.
 *
 * Site pages fetch each piece when they read it, without a cache; so does the popup.
 */

import { DEFAULT_SPEECH_LOCALE, speechGender, speechLocale } from '@/lib/api/helper-languages';
import { sendSurvivingRestart } from '@/lib/protocol/background-gone';
import { sendMessage } from '@/lib/protocol/messaging';
import { fromBase64 } from '@/lib/read-aloud/audio-base64';
import { elementAudioPlayer } from '@/lib/read-aloud/element-audio-player';
import { createReadAloud, type ReadAloud, type Voice } from '@/lib/read-aloud/read-aloud';

/** Every reading of this popup has one owner: the popup. */
const POPUP = 0;

let reader: ReadAloud | null = null;

function popupReader(): ReadAloud {
  reader ??= createReadAloud({
    // The background picks the voice again from `locale` (a speech locale it checks) and `gender`.
    synthesize: async (text, voice) => {
      const clip = await sendSurvivingRestart(() =>
        sendMessage('speechClip', { text, language: voice.locale, voice: voice.gender }),
      );
      return { bytes: fromBase64(clip.base64), type: clip.type };
    },
    player: elementAudioPlayer(),
  });
  return reader;
}

/** The voice for a text in `language` (a helper code or a guess), in the member's chosen voice. */
export function voiceFor(language: string, preferred: 'female' | 'male'): Voice {
  const locale = speechLocale(language) ?? DEFAULT_SPEECH_LOCALE;
  return { locale, gender: speechGender(locale, preferred) };
}

/**
 * Starts reading `text` (stopping any other reading of the popup); resolves with the reading's id
 * once it sounds, rejects when it cannot start.
 */
export function startReading(text: string, voice: Voice): Promise<number> {
  return popupReader().start(POPUP, text, voice);
}

/** Resolves when reading `id` ends, however it ended (another reading started, Stop, the end). */
export function readingEnded(id: number): Promise<'finished' | 'stopped' | 'failed'> {
  return popupReader().ended(id);
}

export function stopReading(id: number): Promise<void> {
  return popupReader().stop(POPUP, id);
}
