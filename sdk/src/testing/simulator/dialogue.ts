// The simulated assistant's Spanish script, as pure logic: what it says first, how it answers
// each visitor turn, and the summary it files at the end. Rooms (voice) and chats (text) share it.

/** The lines the assistant says; every one can be replaced through the simulator's `script.lines`. */
export interface DialogueLines {
  /** First message when the assistant configures none. `{name}` is the assistant's name. */
  greeting: string;
  askBusiness: string;
  askEmail: string;
  repeatEmail: string;
  /** `{email}` is the address understood. */
  confirmEmail: string;
  /** `{email}`. */
  proposalOnItsWay: string;
  anythingElse: string;
  farewell: string;
}

export const DEFAULT_LINES: DialogueLines = {
  greeting: '¡Hola! Soy {name}, tu asistente virtual. ¿En qué puedo ayudarte hoy?',
  askBusiness: 'Encantada de ayudarte. Para preparar una propuesta a tu medida, cuéntame: ¿a qué se dedica tu negocio?',
  askEmail: '¡Qué interesante, gracias por contármelo! ¿Me dejas tu correo electrónico para enviarte la propuesta?',
  repeatEmail: 'No he entendido bien tu correo. ¿Me lo repites? Por ejemplo: ana arroba empresa punto com.',
  confirmEmail: 'Perfecto, he anotado tu correo {email}. Te prepararé una propuesta personalizada para tu negocio. ¿Quieres que te la envíe ahora?',
  proposalOnItsWay: 'Hecho: la propuesta va de camino a {email}. ¿Hay algo más en lo que pueda ayudarte?',
  anythingElse: 'Tomo nota y lo incluiré en la propuesta. ¿Algo más?',
  farewell: '¡Gracias por tu tiempo! Que tengas un buen día.',
};

/** Local part, at sign, domain and a top-level domain of at least 2 letters. */
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
/** Words that say the visitor is already describing their business. */
const BUSINESS = /\b(tengo|tenemos|somos|empresa|negocio|tienda|agencia|cl[ií]nica|despacho|restaurante|vendo|vendemos|me dedico|nos dedicamos|startup|consultor[ií]a|hotel|f[aá]brica|academia|taller|panader[ií]a)\b/i;
const GOODBYE = /\b(adi[oó]s|hasta luego|hasta pronto|chao|chau|nada m[aá]s|eso es todo|no,? gracias|bye)\b/i;

const stripAccents = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * Rewrites a spoken Spanish email into its written form, leaving the rest of the sentence alone:
 * 'mi correo es ana arroba empresa punto com' → 'mi correo es ana@empresa.com'.
 * Handles arroba → @, punto → ., guion → -, guion bajo → _ (with or without accents).
 */
export function normaliseSpokenEmail(text: string): string {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = stripAccents(tokens[i].toLowerCase()).replace(/[.,;:!?¡¿]+$/, '');
    const next = tokens[i + 1] ? stripAccents(tokens[i + 1].toLowerCase()).replace(/[.,;:!?]+$/, '') : '';
    if (word === 'arroba') out.push('@');
    else if (word === 'punto') out.push('.');
    else if ((word === 'guion' || word === 'guion-bajo') && next === 'bajo') {
      out.push('_');
      i++;
    } else if (word === 'guion') out.push('-');
    else if (word === 'guionbajo' || word === 'guion_bajo') out.push('_');
    else {
      out.push(tokens[i]);
      continue;
    }
  }
  const at = out.indexOf('@');
  if (at < 0) return text;
  const isSym = (t: string | undefined) => t === '@' || t === '.' || t === '-' || t === '_';
  const isWord = (t: string | undefined) => t !== undefined && !isSym(t);
  // The email is the chain word (sym word)* around the '@'.
  let start = at;
  if (isWord(out[at - 1])) start = at - 1;
  while (isSym(out[start - 1]) && out[start - 1] !== '@' && isWord(out[start - 2])) start -= 2;
  let end = at;
  if (isWord(out[at + 1])) end = at + 1;
  while (isSym(out[end + 1]) && out[end + 1] !== '@' && isWord(out[end + 2])) end += 2;
  const email = stripAccents(out.slice(start, end + 1).join('')).toLowerCase().replace(/[.,;:!?]+$/, '');
  return [...out.slice(0, start), email, ...out.slice(end + 1)].join(' ');
}

/** The first email in `text`, typed or spoken, with trailing punctuation stripped. */
export function findEmail(text: string): string | undefined {
  const typed = EMAIL.exec(text);
  if (typed) return typed[0].replace(/[.]+$/, '').toLowerCase();
  const spoken = EMAIL.exec(normaliseSpokenEmail(text));
  return spoken ? spoken[0].replace(/[.]+$/, '').toLowerCase() : undefined;
}

export type DialogueStage = 'start' | 'business' | 'email' | 'offered' | 'done' | 'ended';

export interface DialogueReply {
  text: string;
  /** True when the assistant says goodbye and hangs up after this line. */
  end: boolean;
  /** True when the visitor has given an email and agreed: the assistant registers the contact. */
  registerContact?: boolean;
}

const fill = (line: string, values: Record<string, string>): string => line.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

/** One conversation's state: what the visitor said, their business and email. */
export class Dialogue {
  stage: DialogueStage = 'start';
  business: string | undefined;
  email: string | undefined;
  readonly visitorSaid: string[] = [];
  readonly lines: DialogueLines;

  constructor(
    readonly assistantName: string,
    lines: Partial<DialogueLines> = {},
  ) {
    this.lines = { ...DEFAULT_LINES, ...lines };
  }

  greeting(): string {
    return fill(this.lines.greeting, { name: this.assistantName });
  }

  /** The assistant's answer to one visitor turn. */
  reply(userText: string): DialogueReply {
    const text = userText.trim();
    if (text) this.visitorSaid.push(text);
    const email = findEmail(text);
    const line = (l: keyof DialogueLines, end = false): DialogueReply => ({
      text: fill(this.lines[l], { name: this.assistantName, email: this.email ?? '' }),
      end,
    });
    if (email) {
      this.email = email;
      this.stage = 'offered';
      return line('confirmEmail');
    }
    if (GOODBYE.test(text)) {
      this.stage = 'ended';
      return line('farewell', true);
    }
    switch (this.stage) {
      case 'start':
        if (BUSINESS.test(text)) {
          // The visitor already told us about the business: straight to the email.
          this.business = text;
          this.stage = 'email';
          return line('askEmail');
        }
        this.stage = 'business';
        return line('askBusiness');
      case 'business':
        this.business = text;
        this.stage = 'email';
        return line('askEmail');
      case 'email':
        return line('repeatEmail');
      case 'offered':
        this.stage = 'done';
        return { ...line('proposalOnItsWay'), registerContact: true };
      default:
        return line('anythingElse');
    }
  }

  /** The call's summary: it quotes what the visitor said, and what was agreed. */
  summary(): string {
    const parts = [`Conversación con ${this.assistantName}.`];
    if (this.visitorSaid.length === 0) {
      parts.push('El visitante no dijo nada durante la llamada.');
    } else {
      parts.push(`El visitante dijo: ${this.visitorSaid.map((s) => `«${s}»`).join(', ')}.`);
    }
    if (this.business) parts.push(`Sobre su negocio: «${this.business}».`);
    if (this.email) parts.push(`Dejó su correo ${this.email} y se le ofreció enviarle la propuesta personalizada.`);
    else if (this.visitorSaid.length > 0) parts.push('No dejó su correo.');
    return parts.join(' ');
  }
}
