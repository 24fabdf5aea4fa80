// useWebCall: a voice call with the platform's assistant, as React state. One WebCallClient per
// hook instance, made in an effect (so never on the server) and stopped when the component
// unmounts; React StrictMode's mount–unmount–mount only makes and drops a client that never
// called, and no call object exists before start().
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { WebCallClient, type AssistantInput, type AssistantOverrides, type WebCallClientMessage, type WebCallClientOptions } from '@helena/sdk/web';
import { WebCallStore, type WebCallState } from './web-call-store';

export interface UseWebCallOptions extends Omit<WebCallClientOptions, 'token'> {
  /** The platform's public key (sent as the bearer token of `POST /call/web`). */
  publicKey: string;
  /** What `start()` calls when given nothing: an assistant id or an inline assistant. */
  assistant?: AssistantInput;
  /** Overrides `start()` applies when given none. */
  assistantOverrides?: AssistantOverrides;
}

export interface UseWebCallResult extends WebCallState {
  /**
   * Starts a call with `assistant` (default: the hook's). Resolves with the platform's call, or
   * null when the start failed (then `error` says why) or was cancelled by `stop()`.
   */
  start(assistant?: AssistantInput, assistantOverrides?: AssistantOverrides): Promise<StartedCall>;
  /** Hangs up (also cancels a start under way). */
  stop(): Promise<void>;
  /** Sends a message to the assistant during the call (`add-message`, `say`, `control`, …). */
  send(message: WebCallClientMessage): void;
  setMuted(muted: boolean): void;
  /** The client, once mounted in a browser: for what the hook does not wrap. */
  client: WebCallClient | null;
}

/** The platform's call record `start()` resolves with (null when there is no call). */
export type StartedCall = Awaited<ReturnType<WebCallClient['start']>>;

const NO_CLIENT = 'useWebCall: there is no client yet (it is made after the component mounts in a browser).';

/** A voice call as React state; see {@link UseWebCallResult}. */
export function useWebCall(options: UseWebCallOptions): UseWebCallResult {
  const [store] = useState(() => new WebCallStore());
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getServerSnapshot);
  const [client, setClient] = useState<WebCallClient | null>(null);
  // The latest options, read when acting, so a re-render with a new object does not rebuild the client.
  const latest = useRef(options);
  latest.current = options;
  const { publicKey, baseUrl } = options;

  useEffect(() => {
    const { publicKey: token, assistant: _assistant, assistantOverrides: _overrides, ...clientOptions } = latest.current;
    const made = new WebCallClient({ ...clientOptions, token, baseUrl });
    const detach = store.attach(made);
    setClient(made);
    return () => {
      detach();
      setClient((current) => (current === made ? null : current));
      // The call ends with the component: its call object is destroyed, its audio removed. The
      // next client attached (StrictMode's remount, a new key) sets the status from its phase.
      void made.stop();
    };
  }, [store, publicKey, baseUrl]);

  const clientRef = useRef(client);
  clientRef.current = client;

  const start = useCallback(
    async (assistant?: AssistantInput, assistantOverrides?: AssistantOverrides): Promise<StartedCall> => {
      const current = clientRef.current;
      if (!current) throw new Error(NO_CLIENT);
      const target = assistant ?? latest.current.assistant;
      if (!target) throw new Error('useWebCall: start() needs an assistant (an id or an inline assistant), here or in the options.');
      // The status follows the client's phase events: connecting now, active once live.
      return current.start(target, assistantOverrides ?? latest.current.assistantOverrides);
    },
    [],
  );

  const stop = useCallback(async (): Promise<void> => {
    const current = clientRef.current;
    if (!current) return;
    await current.stop();
  }, []);

  const send = useCallback((message: WebCallClientMessage) => {
    const current = clientRef.current;
    if (!current) throw new Error(NO_CLIENT);
    current.send(message);
  }, []);

  const setMuted = useCallback(
    (muted: boolean) => {
      const current = clientRef.current;
      if (!current) throw new Error(NO_CLIENT);
      current.setMuted(muted);
      store.setMuted(current.isMuted());
    },
    [store],
  );

  return { ...state, start, stop, send, setMuted, client };
}
