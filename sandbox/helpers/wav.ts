/**
 * A tiny in-process "speech" synthesiser: one short voiced tone per character (vowels louder,
 * spaces and punctuation silent), pitch by gender and locale, written as a 16-bit mono WAV. It is
 * not speech, but it is real, playable audio whose length follows the text.
 */
export const SAMPLE_RATE = 16_000;
/** Seconds of audio per character. */
export const SECONDS_PER_CHARACTER = 0.07;

export function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Synthesise `text` with base pitch `pitchHz`; one syllable-like tone per character. */
export function synthesiseWav(text: string, pitchHz: number): Buffer {
  const characters = Array.from(text);
  const perCharacter = Math.round(SAMPLE_RATE * SECONDS_PER_CHARACTER);
  const samples = Math.max(1, characters.length) * perCharacter;
  const data = Buffer.alloc(samples * 2);
  characters.forEach((character, index) => {
    if (!/[\p{L}\p{N}]/u.test(character)) return; // silence for spaces and punctuation
    const vowel = /[aeiouyáéíóúàèìòùäëïöü]/i.test(character);
    const f0 = pitchHz * (1 + ((character.codePointAt(0) ?? 0) % 7) / 24);
    const amplitude = vowel ? 0.45 : 0.22;
    for (let i = 0; i < perCharacter; i++) {
      const t = i / SAMPLE_RATE;
      // A soft attack and release, so characters do not click.
      const envelope = Math.min(1, i / 160, (perCharacter - i) / 160);
      const wave =
        Math.sin(2 * Math.PI * f0 * t) +
        0.5 * Math.sin(4 * Math.PI * f0 * t) +
        0.25 * Math.sin(6 * Math.PI * f0 * t);
      data.writeInt16LE(
        Math.round((wave / 1.75) * amplitude * envelope * 32767),
        (index * perCharacter + i) * 2,
      );
    }
  });
  return Buffer.concat([wavHeader(data.length), data]);
}
