import { describe, it, expect } from 'vitest';
import type { DailyCall, DailyCallFactory } from '@daily-co/daily-js';
import type { CallObjectLike, CreateCallObject } from '../../src/web/call-object';

// Compile-time checks (run by `npm run typecheck`): the real daily-js surface fits the interface.
const asCallObject = (call: DailyCall): CallObjectLike => call;
const asFactory = (factory: DailyCallFactory['createCallObject']): CreateCallObject => factory;

describe('CallObjectLike', () => {
  it('a real DailyCall and Daily.createCallObject fit the interface (type-checked)', () => {
    expect(typeof asCallObject).toBe('function');
    expect(typeof asFactory).toBe('function');
  });
});
