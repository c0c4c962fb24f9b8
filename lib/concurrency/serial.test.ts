import { describe, expect, it } from 'vitest';
import { serialQueue } from './serial';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('serialQueue', () => {
  it('starts each piece of work only when the one before it ended', async () => {
    const serially = serialQueue();
    const log: string[] = [];
    let release = () => {};
    const first = serially(async () => {
      log.push('first starts');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      log.push('first ends');
      return 1;
    });
    const second = serially(async () => {
      log.push('second starts');
      return 2;
    });
    await tick();
    expect(log).toEqual(['first starts']);
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(log).toEqual(['first starts', 'first ends', 'second starts']);
  });

  it('gives a failure to its caller alone and runs the next piece all the same', async () => {
    const serially = serialQueue();
    const failed = serially(async () => {
      throw new Error('no');
    });
    const next = serially(async () => 'yes');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('yes');
  });

  it('keeps separate queues apart', async () => {
    const a = serialQueue();
    const b = serialQueue();
    const log: string[] = [];
    let release = () => {};
    void a(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await b(async () => log.push('b ran'));
    expect(log).toEqual(['b ran']);
    release();
  });
});
