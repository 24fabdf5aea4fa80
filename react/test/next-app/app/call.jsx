'use client';
import { useWebCall } from '@helena/react';

export function Call() {
  const call = useWebCall({ publicKey: 'pk_demo', baseUrl: 'http://127.0.0.1:4010', assistant: 'demo-assistant' });
  return (
    <section>
      <p data-testid="status">Estado: {call.status}</p>
      <button type="button" onClick={() => void call.start()} disabled={call.status !== 'idle'}>
        Hablar
      </button>
      <ol>
        {call.transcript.map((line, i) => (
          <li key={i}>{line.role}: {line.text}</li>
        ))}
      </ol>
    </section>
  );
}
