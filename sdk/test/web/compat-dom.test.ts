// Compatibility suite, DOM part: the assistant's <audio> element, `audio`, `playable`,
// participant-left and volume, compared between @vapi-ai/web 2.7.1 and WebCallClient.
// A happy-dom document is installed on the global object for this file (see installDom).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runBoth, type ScenarioResult } from './compat-harness';
import { installDom, tick, until } from './helpers';

const audioElements = () => document.querySelectorAll('audio').length;
let dom: Awaited<ReturnType<typeof installDom>>;

beforeAll(async () => {
  dom = await installDom();
});
afterAll(async () => {
  await dom.uninstall();
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function expectSame(ref: ScenarioResult, ours: ScenarioResult) {
  expect(ours.requests).toEqual(ref.requests);
  expect(ours.stagePairs).toEqual(ref.stagePairs);
  expect(ours.events).toEqual(ref.events);
  expect(ours.appMessages).toEqual(ref.appMessages);
  expect(ours.calls).toEqual(ref.calls);
}

describe('compatibility with @vapi-ai/web 2.7.1 (DOM)', () => {
  it("the assistant's audio: one <audio> element, `audio`, `playable`, volume, renegotiation, participant-left", async () => {
    const { ref, ours } = await runBoth({
      name: 'audio',
      run: async ({ client, factory, out }) => {
        document.body.innerHTML = '';
        client.setVolume(0.3);
        await client.start('asst-1');
        const fake = factory.last!;
        const bot = fake.addRemoteParticipant({ session_id: 'bot-1' });
        const other = fake.addRemoteParticipant({ session_id: 'guest-1', user_name: 'guest' });
        fake.startTrack(other, 'audio'); // not the assistant: ignored
        fake.startTrack(bot, 'audio');
        await until(() => client.getAudioPlayer() !== null, 2000, 'audio player');
        const player = client.getAudioPlayer()!;
        out.first = {
          tag: player.tagName,
          participant: player.dataset.participantId,
          volume: player.volume,
          autoplay: player.autoplay,
          inDocument: document.body.contains(player),
          elements: audioElements(),
        };
        client.setVolume(2);
        out.clamped = player.volume;
        client.setVolume(Number.NaN);
        out.afterNaN = player.volume;
        fake.startTrack(bot, 'audio'); // renegotiation: the old element goes
        await until(() => client.getAudioPlayer() !== player, 2000, 'new audio player');
        await tick(5);
        out.afterRenegotiation = { elements: audioElements(), oldInDocument: document.body.contains(player) };
        fake.removeParticipant('bot-1');
        out.afterLeft = { elements: audioElements(), player: client.getAudioPlayer() };
      },
    });
    expectSame(ref, ours);
    expect(ours.out).toEqual(ref.out);
    expect(ours.out.first).toEqual({
      tag: 'AUDIO',
      participant: 'bot-1',
      volume: 0.3,
      autoplay: true,
      inDocument: true,
      elements: 1,
    });
    expect(ours.appMessages[0]).toEqual(['playable', 'playable']);
    expect(ours.events.filter((e) => e.event === 'audio')).toHaveLength(2);
  });

  it('a failing play() (autoplay policy) → error audio-start-failed, no element, no `playable`', async () => {
    const { ref, ours } = await runBoth({
      name: 'autoplay blocked',
      run: async ({ client, factory, out }) => {
        document.body.innerHTML = '';
        vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(
          Object.assign(new Error('play() failed because the user did not interact'), { name: 'NotAllowedError' }),
        );
        await client.start('asst-1');
        const fake = factory.last!;
        fake.startTrack(fake.addRemoteParticipant({ session_id: 'bot-1' }), 'audio');
        await tick(20);
        out.elements = audioElements();
        out.player = client.getAudioPlayer();
      },
    });
    expectSame(ref, ours);
    expect(ours.out).toEqual({ elements: 0, player: null });
    expect(ours.events.find((e) => e.event === 'error')!.args[0]).toMatchObject({ type: 'audio-start-failed' });
    expect(ours.appMessages[0]).toEqual([]);
  });

  it('stop() removes the <audio> element (improvement: the reference leaves it in the page)', async () => {
    const { ref, ours } = await runBoth({
      name: 'stop removes audio',
      run: async ({ client, factory, out }) => {
        document.body.innerHTML = '';
        await client.start('asst-1');
        const fake = factory.last!;
        fake.startTrack(fake.addRemoteParticipant({ session_id: 'bot-1' }), 'audio');
        await until(() => client.getAudioPlayer() !== null, 2000, 'audio player');
        out.before = audioElements();
        await client.stop();
        await tick(5);
        out.after = audioElements();
      },
    });
    expectSame(ref, ours);
    expect(ref.out).toEqual({ before: 1, after: 1 });
    expect(ours.out).toEqual({ before: 1, after: 0 });
  });
});
