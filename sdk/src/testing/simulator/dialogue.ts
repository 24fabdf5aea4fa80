// The simulated assistant's Spanish script, as pure logic: what it says first, how it answers
// each visitor turn, and the summary it files at the end. Rooms (voice) and chats (text) share it.
import { detectEmail } from '../../email/detect.js';

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

/** Words that say the visitor is already describing their business. */
const BUSINESS = /\b(tengo|tenemos|somos|empresa|negocio|tienda|agencia|cl[ií]nica|despacho|restaurante|vendo|vendemos|me dedico|nos dedicamos|startup|consultor[ií]a|hotel|f[aá]brica|academia|taller|panader[ií]a)\b/i;
const GOODBYE = /\b(adi[oó]s|hasta luego|hasta pronto|chao|chau|nada m[aá]s|eso es todo|no,? gracias|bye)\b/i;

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
    const email = detectEmail(text);
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
