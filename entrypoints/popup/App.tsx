import { useEffect, useState } from 'preact/hooks';
import { type PingResult, sendMessage } from '@/lib/protocol';
import { MessageCountLine } from './MessageCountLine';

/** The toolbar popup. The feed, messages and explore tabs come in their own issues. */
export function App() {
  const [status, setStatus] = useState<PingResult | Error | null>(null);

  useEffect(() => {
    sendMessage('ping', undefined).then(setStatus, (error: unknown) =>
      setStatus(error instanceof Error ? error : new Error(String(error))),
    );
  }, []);

  return (
    <main class="popup">
      <header class="popup-header">
        <h1>Companion</h1>
      </header>
      <MessageCountLine />
      {status === null && <p class="muted">Connecting…</p>}
      {status instanceof Error && <p class="error">Could not reach the background: {status.message}</p>}
      {status !== null && !(status instanceof Error) && (
        <p data-testid="popup-status">
          Connected (version {status.version}, {status.profile} site)
        </p>
      )}
    </main>
  );
}
