// @vitest-environment node
// Server rendering: no browser global is touched, no client is made, the hook reports an idle
// call and the element is emitted as a plain tag for the browser to upgrade.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HelenaAssistant, useWebCall } from '@helena/react';

function Status() {
  const call = useWebCall({ publicKey: 'pk_1', assistant: 'asst_1' });
  return <p>{`${call.status} ${call.transcript.length} ${call.client === null}`}</p>;
}

describe('server rendering', () => {
  it('renders the hook’s idle state and the element without a DOM', () => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(
      <main>
        <Status />
        <HelenaAssistant name="Helena" chatLabel="Chat" />
      </main>,
    );
    expect(html).toBe('<main><p>idle 0 true</p><helena-assistant name="Helena" chat-label="Chat"></helena-assistant></main>');
  });
});
