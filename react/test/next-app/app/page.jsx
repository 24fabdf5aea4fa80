import { HelenaAssistant } from '@helena/react';
import { Call } from './call';

export default function Page() {
  return (
    <main>
      <h1>Helena</h1>
      <Call />
      <HelenaAssistant name="Helena" company="Nexia" chatLabel="Chat" locale="es" />
    </main>
  );
}
