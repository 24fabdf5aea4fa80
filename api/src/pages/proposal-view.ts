// What a proposal is made of. Shared by the page (pdf.content) and the two emails.

export interface ProposalView {
  name: string | null;
  cargo: string | null;
  company: string | null;
  email: string;
  summary: string | null;
  /** ${PUBLIC_URL}/propuesta/{callId} */
  link: string;
  /** The company making the offer (COMPANY_NAME). */
  ourCompany: string;
  /** The assistant's name (ASSISTANT_NAME). */
  assistantName: string;
  /** The mailbox the call to action writes to (MAIL_FROM's address). */
  contactEmail: string;
  /** ISO date after which the link stops working. */
  expiresAt: string;
}

/** The offer, in Spanish: a title and its points. */
export const OFFER = {
  title: 'Asistente de voz con IA para tu web',
  points: [
    'Atiende a cada visitante por voz y por chat, en español, las 24 horas.',
    'Recoge los datos de contacto y el interés de cada cliente potencial sin formularios.',
    'Envía a tu equipo un resumen de cada conversación y la propuesta adecuada al momento.',
    'Se instala con una sola etiqueta en tu web, sin tocar el resto de la página.',
  ],
  closing: 'Lo ponemos en marcha contigo en dos semanas, con un periodo de prueba sin compromiso.',
} as const;

export const greeting = (v: ProposalView) => (v.name ? `Hola, ${v.name}` : 'Hola');

/** "para Acme" / "para tu empresa" */
export const forCompany = (v: ProposalView) => (v.company ? v.company : 'tu empresa');

export function formatDateEs(iso: string): string {
  return new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

export function roleLine(v: ProposalView): string | null {
  if (v.cargo && v.company) return `Como ${v.cargo} en ${v.company}, sabes lo que cuesta no perder ninguna oportunidad.`;
  if (v.cargo) return `Como ${v.cargo}, sabes lo que cuesta no perder ninguna oportunidad.`;
  if (v.company) return `En ${v.company} cada visita a la web es una oportunidad.`;
  return null;
}

/** "Helena <propuestas@example.com>" -> "propuestas@example.com" */
export function mailboxOf(fromHeader: string): string {
  return (/<([^>]+)>/.exec(fromHeader)?.[1] ?? fromHeader).trim();
}
