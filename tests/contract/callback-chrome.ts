/**
 * A `chrome` as Chrome before 148 has it, over WXT's fake browser: every API function takes a
 * callback as its last argument and reports failures through `chrome.runtime.lastError`, the way
 * webextension-polyfill expects when it wraps `chrome` into the promise-based `browser`. With it,
 * the real background runs behind the polyfill's real code in unit tests
 * (tests/contract/background-fuzz-polyfill.test.ts), as it does in a browser without the native
 * `browser` namespace.
 */

/** Methods of events: they take a listener, not a callback. */
const EVENT_METHODS = new Set(['addListener', 'removeListener', 'hasListener', 'hasListeners']);

interface LastError {
  message: string;
}

export function callbackChrome(target: object): object {
  let lastError: LastError | undefined;
  const proxies = new WeakMap<object, object>();

  /** Calls back with the result, or with `lastError` set for the callback's duration (as Chrome). */
  const settle = (result: unknown, callback: (value?: unknown) => void) => {
    Promise.resolve(result).then(
      (value) => callback(value),
      (error: unknown) => {
        lastError = { message: error instanceof Error ? error.message : String(error) };
        try {
          callback();
        } finally {
          lastError = undefined;
        }
      },
    );
  };

  const wrap = (object: object): object => {
    const known = proxies.get(object);
    if (known !== undefined) return known;
    const proxy = new Proxy(object, {
      get(inner, property) {
        if (property === 'lastError' && object === Reflect.get(target, 'runtime')) return lastError;
        const value: unknown = Reflect.get(inner, property);
        if (typeof value === 'function') {
          if (EVENT_METHODS.has(String(property))) return value.bind(inner);
          return (...args: unknown[]) => {
            const callback =
              typeof args.at(-1) === 'function' ? (args.pop() as (value?: unknown) => void) : undefined;
            if (callback === undefined) return value.apply(inner, args);
            let result: unknown;
            try {
              result = value.apply(inner, args);
            } catch (error) {
              result = Promise.reject(error);
            }
            settle(result, callback);
            return undefined;
          };
        }
        if (value !== null && typeof value === 'object') return wrap(value);
        return value;
      },
    });
    proxies.set(object, proxy);
    return proxy;
  };

  return wrap(target);
}
