// A call record lists its messages as the platform does: by the time each was said. A turn is
// filed when it ends, timed from when it began, so filing order is not time order.
import { describe, expect, it } from 'vitest';
import { RoomRecord } from '../src/simulator/room-record';

describe('a call record', () => {
  it('lists the messages, the transcript and the artifact by time, not by when each was filed', () => {
    const record = new RoomRecord();
    record.startedAt = 1_000;
    record.add({ role: 'user', message: 'Hola', time: 5_000 });
    record.add({ role: 'user', message: '¿Cuánto cuesta?', time: 11_000 });
    // The assistant's first answer ends after the visitor's second line began.
    record.add({ role: 'bot', message: 'Hola, soy Helena.', time: 6_000 });
    expect(record.ordered().map((m) => m.message)).toEqual(['Hola', 'Hola, soy Helena.', '¿Cuánto cuesta?']);
    expect(record.ordered().map((m) => m.secondsFromStart)).toEqual([4, 5, 10]);
    expect(record.transcriptText()).toBe('User: Hola\nAI: Hola, soy Helena.\nUser: ¿Cuánto cuesta?');
    expect((record.artifact() as { messages: { message: string }[] }).messages.map((m) => m.message)).toEqual(['Hola', 'Hola, soy Helena.', '¿Cuánto cuesta?']);
  });
});
