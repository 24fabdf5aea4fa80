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
  /** The visitor agreed: the proposal is being registered, not yet sent. `{email}`. */
  proposalPending: string;
  /** Said only once the server confirms that it queued the proposal. `{email}`. */
  proposalOnItsWay: string;
  /** After two turns without an address: move on and point to the form. */
  offerForm: string;
  whatWeDo: string;
  price: string;
  channels: string;
  languages: string;
  integration: string;
  timeline: string;
  anythingElse: string;
  farewell: string;
}

export const DEFAULT_LINES: DialogueLines = {
  greeting: '¡Hola! Soy {name}, tu asistente virtual. ¿En qué puedo ayudarte hoy?',
  askBusiness: 'Encantada de ayudarte. Para preparar una propuesta a tu medida, cuéntame: ¿a qué se dedica tu negocio?',
  askEmail: '¡Qué interesante, gracias por contármelo! ¿Me dejas tu correo electrónico para enviarte la propuesta?',
  repeatEmail: 'No he entendido bien tu correo. ¿Me lo repites? Por ejemplo: ana arroba empresa punto com.',
  confirmEmail: 'Perfecto, he anotado tu correo {email}. Te prepararé una propuesta personalizada para tu negocio. ¿Quieres que te la envíe ahora?',
  proposalPending: 'Perfecto, la preparo para {email}. Te confirmo aquí en cuanto salga.',
  proposalOnItsWay: 'Hecho: la propuesta va de camino a {email}. ¿Hay algo más en lo que pueda ayudarte?',
  offerForm: 'Sin problema, sigamos. Cuando quieras, escribe tu correo aquí o en el formulario y te envío la propuesta. ¿Qué más te gustaría saber?',
  whatWeDo: 'Creamos asistentes de voz y chat con inteligencia artificial que atienden a tus clientes, responden sus dudas y recogen sus datos, a cualquier hora.',
  price: 'El precio depende del volumen de conversaciones y de las integraciones; en la propuesta personalizada te damos una cifra cerrada, sin compromiso.',
  channels: 'Funciona en tu web, por teléfono y en WhatsApp, con el mismo asistente en todos los canales.',
  languages: 'Habla español e inglés, y también catalán, gallego, euskera, francés o portugués si lo necesitas.',
  integration: 'Se integra con tu CRM, tu calendario y tus herramientas habituales; en la web basta con pegar una línea de código.',
  timeline: 'Lo normal es tenerlo funcionando en una o dos semanas desde que aceptas la propuesta.',
  anythingElse: 'Tomo nota y lo incluiré en la propuesta. ¿Algo más?',
  farewell: '¡Gracias por tu tiempo! Que tengas un buen día.',
};

/** Words that say the visitor is already describing their business. */
const BUSINESS = /\b(tengo|tenemos|somos|empresa|negocio|tienda|agencia|cl[ií]nica|despacho|restaurante|vendo|vendemos|me dedico|nos dedicamos|startup|consultor[ií]a|hotel|f[aá]brica|academia|taller|panader[ií]a)\b/i;
/** The common questions the demo answers, first match wins. */
const TOPICS: ReadonlyArray<[RegExp, 'whatWeDo' | 'price' | 'channels' | 'languages' | 'integration' | 'timeline']> = [
  [/\b(cu[aá]nto (cuesta|vale|cobr)|precio|tarifa|coste|presupuesto|how much|price|cost)/i, 'price'],
  [/\b(whats ?app|tel[eé]fono|llamadas?|instagram|telegram|canal(es)?|phone|channels?)\b/i, 'channels'],
  [/\b(idiomas?|catal[aá]n|ingl[eé]s|gallego|euskera|franc[eé]s|portugu[eé]s|languages?|english|spanish)\b/i, 'languages'],
  [/\b(integra|crm|hubspot|salesforce|calendario|api|shopify|wordpress|integration)/i, 'integration'],
  [/\b(cu[aá]nto tarda|plazo|cu[aá]ndo (estar[ií]a|est[aá]|lo tendr)|semanas|how long|timeline)/i, 'timeline'],
  [/\b(qu[eé] (hac[eé]is|haces|hacen|ofrec[eé]is|ofreces)|a qu[eé] os dedic[aá]is|qui[eé]nes sois|what do you do)/i, 'whatWeDo'],
];
/** The visitor agrees to the offer. */
// Letters, not \b: JavaScript's \b treats 'í' as a non-word character ('sí', 'envíamela').
const YES = /(?<!\p{L})(s[ií]|vale|claro|ok|okay|de acuerdo|adelante|env[ií]a|m[aá]nda|por favor|yes|sure|please)/iu;
/** A system message saying the server queued the proposal (the widget sends it after a successful send). */
const QUEUED = /\b(cola|queued|enviad[ao]|sent)\b/i;

const GOODBYE = /\b(adi[oó]s|hasta luego|hasta pronto|chao|chau|nada m[aá]s|eso es todo|no,? gracias|bye)\b/i;

export type DialogueStage = 'start' | 'business' | 'email' | 'offered' | 'pending' | 'done' | 'ended';

/** Turns without an address after which the assistant stops asking and offers the form. */
export const EMAIL_ATTEMPTS = 2;

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
  /** Visitor turns, since the assistant asked for the address, that gave none. */
  private emailMisses = 0;
  readonly visitorSaid: string[] = [];
  readonly lines: DialogueLines;

  constructor(
    readonly assistantName: string,
    lines: Partial<DialogueLines> = {},
  ) {
    // Most dialogues say the default lines: they share the one table instead of copying it.
    this.lines = Object.keys(lines).length ? { ...DEFAULT_LINES, ...lines } : DEFAULT_LINES;
  }

  greeting(): string {
    return fill(this.lines.greeting, { name: this.assistantName });
  }

  /** The assistant's answer to one visitor turn. */
  reply(userText: string): DialogueReply {
    const text = userText.trim();
    if (text) this.visitorSaid.push(text);
    const email = detectEmail(text);
    const say = (...keys: Array<keyof DialogueLines>): string =>
      keys.map((k) => fill(this.lines[k], { name: this.assistantName, email: this.email ?? '' })).join(' ');
    const line = (l: keyof DialogueLines, end = false): DialogueReply => ({ text: say(l), end });
    if (email) {
      this.email = email;
      this.stage = 'offered';
      return line('confirmEmail');
    }
    if (GOODBYE.test(text)) {
      this.stage = 'ended';
      return line('farewell', true);
    }
    const topic = TOPICS.find(([pattern]) => pattern.test(text))?.[1];
    switch (this.stage) {
      case 'start':
        if (BUSINESS.test(text)) {
          // The visitor already told us about the business: straight to the email.
          this.business = text;
          this.stage = 'email';
          return { text: topic ? say(topic, 'askEmail') : say('askEmail'), end: false };
        }
        this.stage = 'business';
        return { text: topic ? say(topic, 'askBusiness') : say('askBusiness'), end: false };
      case 'business':
        if (topic && !BUSINESS.test(text)) return { text: say(topic, 'askBusiness'), end: false };
        this.business = text;
        this.stage = 'email';
        return line('askEmail');
      case 'email': {
        // A question is answered, never met with 'I did not understand your email'; after
        // two turns without an address the assistant moves on instead of asking again.
        this.emailMisses++;
        if (this.emailMisses >= EMAIL_ATTEMPTS) {
          this.stage = 'done';
          return { text: topic ? say(topic, 'offerForm') : say('offerForm'), end: false };
        }
        return { text: topic ? say(topic, 'askEmail') : say('repeatEmail'), end: false };
      }
      case 'offered':
        if (topic) return { text: say(topic), end: false };
        if (!YES.test(text)) {
          this.stage = 'done';
          return line('anythingElse');
        }
        // Agreement only registers the request: the assistant says the proposal is on its way
        // once the server reports that it queued one (see `notice`).
        this.stage = 'pending';
        return { ...line('proposalPending'), registerContact: true };
      default:
        return topic ? line(topic) : line('anythingElse');
    }
  }

  /**
   * A system message from the page (sent on the call or chat, as with the real platform). When it
   * says the server queued the proposal, the assistant confirms where it went; otherwise silence.
   */
  notice(systemText: string): DialogueReply | undefined {
    const email = detectEmail(systemText);
    if (!email || !/propuesta|proposal/i.test(systemText) || !QUEUED.test(systemText)) return undefined;
    this.email = email;
    this.stage = 'done';
    return { text: fill(this.lines.proposalOnItsWay, { name: this.assistantName, email }), end: false };
  }

  /**
   * What the assistant says once its `registrar_contacto` call is answered: the server queued the
   * proposal (confirm where it went), or it could not (point to the form instead of promising).
   */
  toolOutcome(registered: boolean): DialogueReply {
    this.stage = 'done';
    const line = registered && this.email ? this.lines.proposalOnItsWay : this.lines.offerForm;
    return { text: fill(line, { name: this.assistantName, email: this.email ?? '' }), end: false };
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
