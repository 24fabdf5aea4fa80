/**
 * The visitor's consent before the conversation (consent="required"): every start of a call or a
 * chat asks the gate first, and nothing leaves the page until the visitor accepts. The answer is
 * remembered in local storage with the consent text's version; where storage fails it lasts as
 * long as the page. Without consent="required" the gate always lets the action through.
 */
import type { ConsentSlice, StoreKit } from './types';

/** Local storage: the last answer, `{ accepted, version }`. */
export const CONSENT_KEY = 'helenaConsent';

/** An answer, as remembered and as told to the page (`helena:consent`). */
export interface ConsentAnswer {
  accepted: boolean;
  version: string | null;
}

/**
 * The consent slice (the step's state and the visitor's answer) and the gate the kit lends the
 * other slices. `read` is local storage's getItem, failures taken as nothing stored.
 */
export function createConsent(
  kit: Pick<StoreKit, 'get' | 'set' | 'emit' | 'storeSet'>,
  read: (key: string) => string | null,
): { slice: ConsentSlice; needsConsent: StoreKit['needsConsent'] } {
  const { get, set } = kit;
  /** This page's answer: it wins over storage, which may have refused to keep it. */
  let given: ConsentAnswer | null = null;
  let then: (() => unknown) | null = null;
  const version = () => get().config.consentVersion ?? null;
  /** The answer given to the current version, if any (anything unreadable is no answer). */
  const answer = (): Partial<ConsentAnswer> | null => {
    let a: Partial<ConsentAnswer> | null = given;
    if (!a) {
      try {
        a = JSON.parse(read(CONSENT_KEY) ?? 'null') as Partial<ConsentAnswer> | null;
      } catch {}
    }
    return typeof a?.accepted === 'boolean' && a.version === version() ? a : null;
  };

  return {
    needsConsent(action) {
      if (get().config.consent !== 'required') return false;
      const a = answer();
      if (a?.accepted) return false;
      then = action;
      set({ panelOpen: true, minimised: false, consent: a ? 'declined' : 'ask' });
      return true;
    },
    slice: {
      consent: null,
      answerConsent(accepted) {
        given = { accepted, version: version() };
        kit.storeSet(CONSENT_KEY, JSON.stringify(given));
        kit.emit('helena:consent', given);
        set({ consent: accepted ? null : 'declined' });
        if (!accepted) return;
        const action = then;
        then = null;
        void action?.();
      },
      reviewConsent() {
        set({ consent: 'ask' });
      },
    },
  };
}
