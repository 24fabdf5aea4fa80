// <HelenaAssistant> with the consent props: each reaches the element as its attribute, and
// onConsent is called with the `helena:consent` event's detail.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HelenaAssistant } from '@helena/react';

afterEach(cleanup);

describe('<HelenaAssistant> consent props', () => {
  it('consent, consentText, consentVersion and privacyUrl become the element’s attributes', () => {
    const { container } = render(
      <HelenaAssistant src={false} consent="required" consentText="Grabamos la conversación." consentVersion="2026-01" privacyUrl="https://acme.example/privacidad" />,
    );
    const element = container.querySelector('helena-assistant')!;
    expect(Object.fromEntries([...element.attributes].map((a) => [a.name, a.value]))).toEqual({
      consent: 'required',
      'consent-text': 'Grabamos la conversación.',
      'consent-version': '2026-01',
      'privacy-url': 'https://acme.example/privacidad',
    });
  });

  it('onConsent gets the answer', () => {
    const onConsent = vi.fn();
    const { container } = render(<HelenaAssistant src={false} consent="required" onConsent={onConsent} />);
    const element = container.querySelector('helena-assistant')!;
    act(() => {
      element.dispatchEvent(new CustomEvent('helena:consent', { detail: { accepted: false, version: null }, bubbles: true, composed: true }));
    });
    expect(onConsent).toHaveBeenCalledWith({ accepted: false, version: null });
  });
});
