/** A bounded, timestamped console log shared by everything a browser runs. */
const MAX_LINES = 5_000;

export class ConsoleLog {
  readonly #lines: string[] = [];

  add(source: string, text: string): void {
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      this.#lines.push(`${new Date().toISOString()} [${source}] ${line}`);
    }
    if (this.#lines.length > MAX_LINES) this.#lines.splice(0, this.#lines.length - MAX_LINES);
  }

  lines(): readonly string[] {
    return this.#lines;
  }
}
