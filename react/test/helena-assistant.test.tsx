// <HelenaAssistant>: the element with its attributes, its script added once, and each typed
// `on…` prop called with the `detail` of the matching `helena:*` event.
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HelenaAssistant } from '@helena/react';

afterEach(() => {
  cleanup();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script')].map((s) => ({ type: s.type, src: s.src }));

describe('<HelenaAssistant>', () => {
  it('renders the element with the attributes the element reads', () => {
    const { container } = render(
      <HelenaAssistant name="Helena" company="Nexia" chatLabel="Chat" publicKey="pk_1" assistantId="asst_1" apiUrl="https://leads.example.com" locale="en" showOn="/" src={false} />,
    );
    const element = container.querySelector('helena-assistant')!;
    expect(Object.fromEntries([...element.attributes].map((a) => [a.name, a.value]))).toEqual({
      name: 'Helena',
      company: 'Nexia',
      'chat-label': 'Chat',
      'public-key': 'pk_1',
      'assistant-id': 'asst_1',
      'api-url': 'https://leads.example.com',
      locale: 'en',
      'show-on': '/',
    });
    expect(scripts()).toEqual([]);
  });

  it('adds the element’s module script from the Helena server once, however many are rendered', () => {
    render(
      <>
        <HelenaAssistant apiUrl="https://leads.example.com/" />
        <HelenaAssistant apiUrl="https://leads.example.com" />
      </>,
    );
    expect(scripts()).toEqual([{ type: 'module', src: 'https://leads.example.com/helena-assistant.js' }]);
  });

  it('calls each on… prop with its event’s detail, and stops after unmount', () => {
    const onLead = vi.fn();
    const onCallStart = vi.fn();
    const onError = vi.fn();
    const { container, unmount } = render(<HelenaAssistant src={false} onLead={onLead} onCallStart={onCallStart} onError={onError} />);
    const element = container.querySelector('helena-assistant')!;
    const lead = { email: 'ana@empresa.com', customerId: 'c1', callId: null };
    act(() => {
      element.dispatchEvent(new CustomEvent('helena:lead', { detail: lead, bubbles: true, composed: true }));
      element.dispatchEvent(new CustomEvent('helena:call-start', { detail: { vapiCallId: 'v1', demo: true }, bubbles: true, composed: true }));
    });
    expect(onLead).toHaveBeenCalledWith(lead);
    expect(onCallStart).toHaveBeenCalledWith({ vapiCallId: 'v1', demo: true });
    expect(onError).not.toHaveBeenCalled();
    unmount();
    element.dispatchEvent(new CustomEvent('helena:lead', { detail: lead }));
    expect(onLead).toHaveBeenCalledTimes(1);
  });
});
