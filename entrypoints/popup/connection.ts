import { useEffect, useState } from 'preact/hooks';
import { type PingResult, sendMessage } from './background-messages';

/** The background's answer to a ping at open: null while waiting, an Error when it did not answer. */
export function useBackgroundStatus(): PingResult | Error | null {
  const [status, setStatus] = useState<PingResult | Error | null>(null);
  useEffect(() => {
    sendMessage('ping', undefined).then(setStatus, (error: unknown) =>
      setStatus(error instanceof Error ? error : new Error(String(error))),
    );
  }, []);
  return status;
}

/** Whether the browser says it is online, kept current. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    addEventListener('online', update);
    addEventListener('offline', update);
    return () => {
      removeEventListener('online', update);
      removeEventListener('offline', update);
    };
  }, []);
  return online;
}
