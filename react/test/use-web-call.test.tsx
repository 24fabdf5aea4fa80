// useWebCall against the real WebCallClient and the SDK's platform simulator (a real HTTP and
// WebSocket server), rendered with React Testing Library.
import { StrictMode, type ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWebCall, type UseWebCallOptions } from '@helena/react';
import { onePage, startSimulator } from './helpers';

const closers: Array<() => unknown> = [];
afterEach(async () => {
  cleanup();
  while (closers.length) await closers.pop()!();
});

async function setup(wrapper?: (props: { children: ReactNode }) => ReactNode) {
  const { sim, url, close } = await startSimulator();
  closers.push(close);
  const createCallObject = onePage();
  const options: UseWebCallOptions = {
    publicKey: sim.publicKey,
    baseUrl: url,
    createCallObject,
    logger: 'silent',
    assistant: { name: 'Helena', firstMessage: 'Hola, soy Helena.' },
  };
  const hook = renderHook(() => useWebCall(options), { wrapper });
  await waitFor(() => expect(hook.result.current.client).not.toBeNull());
  return { hook, sim };
}

describe('useWebCall', () => {
  it('runs a whole call: connecting, active, the greeting and an answer in the transcript, speech and volume, then idle', async () => {
    const { hook, sim } = await setup();
    expect(hook.result.current.status).toBe('idle');
    let started: Promise<unknown>;
    act(() => {
      started = hook.result.current.start();
    });
    expect(hook.result.current.status).toBe('connecting');
    let call = { id: '' };
    await act(async () => {
      call = (await started) as { id: string };
    });
    await waitFor(() => expect(hook.result.current.status).toBe('active'));
    await waitFor(() => expect(hook.result.current.transcript).toEqual([{ role: 'assistant', text: 'Hola, soy Helena.' }]));
    await waitFor(() => expect(hook.result.current.isSpeaking).toBe(true));
    await waitFor(() => expect(hook.result.current.volume).toBeGreaterThan(0));

    // The visitor speaks: partial lines first, then the final one, then the assistant's answer.
    act(() => void sim.rooms.speak(call.id, 'Tengo una tienda de bicicletas en Sevilla'));
    await waitFor(() => expect(hook.result.current.partialTranscript).toMatchObject({ role: 'user' }));
    await waitFor(() => expect(hook.result.current.transcript.filter((l) => l.role === 'assistant')).toHaveLength(2));
    expect(hook.result.current.transcript.slice(0, 2)).toEqual([
      { role: 'assistant', text: 'Hola, soy Helena.' },
      { role: 'user', text: 'Tengo una tienda de bicicletas en Sevilla' },
    ]);
    // A typed message reaches the assistant too.
    act(() => hook.result.current.send({ type: 'add-message', message: { role: 'user', content: '¿Cuánto cuesta?' } }));
    await waitFor(() => expect(hook.result.current.transcript.filter((l) => l.role === 'assistant')).toHaveLength(3));

    await act(async () => {
      await hook.result.current.stop();
    });
    expect(hook.result.current.status).toBe('idle');
    expect(hook.result.current.volume).toBe(0);
    expect(hook.result.current.partialTranscript).toBeNull();
  });

  it('mutes and unmutes the microphone', async () => {
    const { hook } = await setup();
    await act(async () => {
      await hook.result.current.start();
    });
    await waitFor(() => expect(hook.result.current.status).toBe('active'));
    act(() => hook.result.current.setMuted(true));
    expect(hook.result.current.isMuted).toBe(true);
    expect(hook.result.current.client!.isMuted()).toBe(true);
    act(() => hook.result.current.setMuted(false));
    expect(hook.result.current.isMuted).toBe(false);
  });

  it('a failed start leaves it idle with the error', async () => {
    const { hook } = await setup();
    let call: unknown;
    await act(async () => {
      call = await hook.result.current.start('no-such-assistant');
    });
    expect(call).toBeNull();
    expect(hook.result.current.status).toBe('idle');
    expect(hook.result.current.error).toMatchObject({ stage: expect.any(String) });
  });

  it('unmounting mid-call hangs up: the platform records the call as ended', async () => {
    const { hook, sim } = await setup();
    let callId = '';
    await act(async () => {
      callId = ((await hook.result.current.start()) as { id: string }).id;
    });
    await waitFor(() => expect(hook.result.current.status).toBe('active'));
    hook.unmount();
    await waitFor(async () => {
      const record = await sim.fetch(new Request(`http://simulator/call/${callId}`, { headers: { authorization: `Bearer ${sim.privateKey}` } }));
      expect(((await record.json()) as { status: string }).status).toBe('ended');
    });
  });

  it('survives StrictMode: one client in use, and a call starts without a duplicate call object', async () => {
    const { hook } = await setup(({ children }) => <StrictMode>{children}</StrictMode>);
    await act(async () => {
      await hook.result.current.start();
    });
    await waitFor(() => expect(hook.result.current.status).toBe('active'));
    expect(hook.result.current.error).toBeNull();
    await act(async () => {
      await hook.result.current.stop();
    });
  });

  it('the status follows the client\'s phase event, whoever drives the client', async () => {
    const { sim, url, close } = await startSimulator();
    closers.push(close);
    const hook = renderHook(() => useWebCall({ publicKey: sim.publicKey, baseUrl: url, createCallObject: onePage(), logger: 'silent' }));
    await waitFor(() => expect(hook.result.current.client).not.toBeNull());
    const client = hook.result.current.client!;
    const phases: string[] = [];
    client.on('phase', ({ previous, phase }) => phases.push(`${previous} → ${phase}`));
    const statuses = [hook.result.current.status];
    const status = () => statuses.push(hook.result.current.status);

    // The client itself, not the hook's start()/stop(): only its events can move the status.
    let pending!: Promise<unknown>;
    act(() => void (pending = client.start({ name: 'Helena', firstMessage: 'Hola.' })));
    status();
    await act(async () => void (await pending));
    status();
    act(() => void (pending = client.stop()));
    status();
    await act(async () => void (await pending));
    status();

    expect(phases).toEqual(['idle → starting', 'starting → live', 'live → stopping', 'stopping → idle']);
    // The README's table: starting is connecting, live is active, stopping is ending.
    expect(statuses).toEqual(['idle', 'connecting', 'active', 'ending', 'idle']);
  });

  it('start() without an assistant anywhere is a clear error', async () => {
    const { sim, url, close } = await startSimulator();
    closers.push(close);
    const hook = renderHook(() => useWebCall({ publicKey: sim.publicKey, baseUrl: url, createCallObject: onePage(), logger: 'silent' }));
    await waitFor(() => expect(hook.result.current.client).not.toBeNull());
    await expect(hook.result.current.start()).rejects.toThrow('start() needs an assistant');
  });
});
