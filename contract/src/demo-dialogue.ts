// The demo's Spanish lead-capture dialogue, as data: the answer table and the patterns the
// platform simulator's scripted assistant runs (`createPlatformSimulator({ dialogue: DEMO_DIALOGUE })`
// from @helena/simulator/node). The demo server passes it in; the widget's, the server's and the
// browser tests read the same lines to know what the assistant says.
import { LEAD_TOOL_NAME } from './lead-tool';

/** What the demo assistant says. `{name}` is the assistant's name, `{email}` the address understood. */
export const DEMO_LINES = {
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

/** The demo dialogue: its lines, what it listens for, and the lead tool it calls on agreement. */
export const DEMO_DIALOGUE = {
  lines: DEMO_LINES,
  /** The common questions the demo answers, first match wins. */
  topics: [
    [/\b(cu[aá]nto (cuesta|vale|cobr)|precio|tarifa|coste|presupuesto|how much|price|cost)/i, 'price'],
    [/\b(whats ?app|tel[eé]fono|llamadas?|instagram|telegram|canal(es)?|phone|channels?)\b/i, 'channels'],
    [/\b(idiomas?|catal[aá]n|ingl[eé]s|gallego|euskera|franc[eé]s|portugu[eé]s|languages?|english|spanish)\b/i, 'languages'],
    [/\b(integra|crm|hubspot|salesforce|calendario|api|shopify|wordpress|integration)/i, 'integration'],
    [/\b(cu[aá]nto tarda|plazo|cu[aá]ndo (estar[ií]a|est[aá]|lo tendr)|semanas|how long|timeline)/i, 'timeline'],
    [/\b(qu[eé] (hac[eé]is|haces|hacen|ofrec[eé]is|ofreces)|a qu[eé] os dedic[aá]is|qui[eé]nes sois|what do you do)/i, 'whatWeDo'],
  ] as const,
  /** Words that say the visitor is already describing their business. */
  business:
    /\b(tengo|tenemos|somos|empresa|negocio|tienda|agencia|cl[ií]nica|despacho|restaurante|vendo|vendemos|me dedico|nos dedicamos|startup|consultor[ií]a|hotel|f[aá]brica|academia|taller|panader[ií]a)\b/i,
  // Letters, not \b: JavaScript's \b treats 'í' as a non-word character ('sí', 'envíamela').
  yes: /(?<!\p{L})(s[ií]|vale|claro|ok|okay|de acuerdo|adelante|env[ií]a|m[aá]nda|por favor|yes|sure|please)/iu,
  goodbye: /\b(adi[oó]s|hasta luego|hasta pronto|chao|chau|nada m[aá]s|eso es todo|no,? gracias|bye)\b/i,
  /** A system notice about the proposal that says the server queued it (the widget sends one after a successful send). */
  proposal: /propuesta|proposal/i,
  queued: /\b(cola|queued|enviad[ao]|sent)\b/i,
  emailAttempts: 2,
  leadTool: LEAD_TOOL_NAME,
  summary: {
    opening: 'Conversación con {name}.',
    silent: 'El visitante no dijo nada durante la llamada.',
    said: 'El visitante dijo: {said}.',
    quote: '«{text}»',
    business: 'Sobre su negocio: «{business}».',
    email: 'Dejó su correo {email} y se le ofreció enviarle la propuesta personalizada.',
    noEmail: 'No dejó su correo.',
  },
};
