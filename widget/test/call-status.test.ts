// @vitest-environment node
/**
 * The one mapping from the voice client's phase to the specification's status (inactive,
 * loading, active). The specification calls a call active from `call-start` (the assistant
 * listening) and inactive from `call-end` or an error.
 */
import { describe, expect, it } from 'vitest';
import { statusOf } from '../src/store/call';

describe('statusOf', () => {
  it('no call asked for is inactive whatever the client does', () => {
    for (const phase of ['idle', 'starting', 'live', 'stopping'] as const) expect(statusOf(phase, null)).toBe('inactive');
  });

  it('a requested call is loading until the assistant listens, then active while live', () => {
    expect(statusOf('idle', 'waiting')).toBe('loading'); // the voice module is still loading
    expect(statusOf('starting', 'waiting')).toBe('loading');
    expect(statusOf('live', 'waiting')).toBe('loading');
    expect(statusOf('live', 'listening')).toBe('active');
  });

  it('hanging up shows loading until the call ends', () => {
    expect(statusOf('stopping', 'listening')).toBe('loading');
    expect(statusOf('idle', 'listening')).toBe('inactive');
  });

  it('an ended or failed call is inactive at once, while the teardown goes on', () => {
    for (const phase of ['idle', 'starting', 'live', 'stopping'] as const) expect(statusOf(phase, 'over')).toBe('inactive');
  });
});
