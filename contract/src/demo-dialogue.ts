// The demo's lead-capture dialogue, as data, in Spanish and English: the answer tables and the
// patterns the platform simulator's scripted assistant runs (`createPlatformSimulator({ dialogue:
// DEMO_DIALOGUE })` from @helena/simulator/node); it speaks English when the assistant's language
// (its transcriber's, which the widget sets from its locale) is. The demo server passes it in; the
// widget's, the server's and the browser tests read the same lines to know what the assistant says.
import { LEAD_TOOL_NAME } from './lead-tool';

/**
 * What the demo assistant says. `{name}` is the assistant's name, `{email}` the address understood,
 * `{business}` the business as the visitor named it.
 */
export const DEMO_LINES = {
  greeting: '¡Hola! Soy {name}, tu asistente virtual. ¿En qué puedo ayudarte hoy?',
  askBusiness: 'Encantada de ayudarte. Para preparar una propuesta a tu medida, cuéntame: ¿a qué se dedica tu negocio?',
  askEmail: '¡Qué interesante, gracias por contármelo! ¿Me dejas tu correo electrónico para enviarte la propuesta?',
  businessNoted: 'Entendido: {business}. Un asistente que atienda a tus clientes a cualquier hora encaja muy bien ahí, y lo tendré en cuenta en tu propuesta.',
  emailForProposal: '¿Me dejas tu correo electrónico para enviarte la propuesta?',
  moreNoted: 'Tomo nota, lo tendré en cuenta en tu propuesta.',
  repeatEmail: 'No he entendido bien tu correo. ¿Me lo repites? Por ejemplo: ana arroba empresa punto com.',
  confirmEmail: 'Perfecto, he anotado tu correo {email}. Te prepararé una propuesta personalizada para tu negocio. ¿Quieres que te la envíe ahora?',
  proposalPending: 'Perfecto, la preparo para {email}. Te confirmo aquí en cuanto salga.',
  proposalOnItsWay: 'Hecho: la propuesta va de camino a {email}. ¿Hay algo más en lo que pueda ayudarte?',
  proposalSentRecently: 'No te he enviado otra: ya se pidió una propuesta para {email} hace poco. Revisa tu bandeja de entrada. ¿Hay algo más en lo que pueda ayudarte?',
  proposalNotSent: 'Lo siento, no he podido enviar la propuesta a {email}: no se ha enviado nada. ¿Hay algo más en lo que pueda ayudarte?',
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

/** The same lines in English, for an assistant whose language is English. */
export const DEMO_LINES_EN: Record<keyof typeof DEMO_LINES, string> = {
  greeting: "Hi! I'm {name}, your virtual assistant. How can I help you today?",
  askBusiness: "Happy to help. To prepare a proposal that fits you, tell me: what does your business do?",
  askEmail: 'How interesting, thanks for telling me! Could you give me your email address so I can send you the proposal?',
  businessNoted: 'Got it: {business}. An assistant that answers your customers at any hour fits that very well, and I will take it into account in your proposal.',
  emailForProposal: 'Could you give me your email address so I can send you the proposal?',
  moreNoted: "Noted, I'll take that into account in your proposal.",
  repeatEmail: "I didn't quite catch your email. Could you say it again? For example: ana at company dot com.",
  confirmEmail: "Perfect, I've noted your email {email}. I'll prepare a personalised proposal for your business. Shall I send it to you now?",
  proposalPending: "Perfect, I'm preparing it for {email}. I'll confirm here as soon as it goes out.",
  proposalOnItsWay: 'Done: the proposal is on its way to {email}. Is there anything else I can help you with?',
  proposalSentRecently: "I haven't sent another one: a proposal for {email} was already requested recently. Please check your inbox. Is there anything else I can help you with?",
  proposalNotSent: "I'm sorry, I couldn't send the proposal to {email}: nothing was sent. Is there anything else I can help you with?",
  offerForm: "No problem, let's carry on. Whenever you like, type your email here or in the form and I'll send you the proposal. What else would you like to know?",
  whatWeDo: 'We build AI voice and chat assistants that serve your customers, answer their questions and take their details, at any hour.',
  price: 'The price depends on the volume of conversations and the integrations; the personalised proposal gives you a fixed figure, with no commitment.',
  channels: 'It works on your website, on the phone and on WhatsApp, with the same assistant on every channel.',
  languages: 'It speaks Spanish and English, and also Catalan, Galician, Basque, French or Portuguese if you need them.',
  integration: 'It integrates with your CRM, your calendar and your usual tools; on your website one line of code is enough.',
  timeline: 'It is usually up and running one or two weeks after you accept the proposal.',
  anythingElse: "Noted, I'll include it in the proposal. Anything else?",
  farewell: 'Thank you for your time! Have a nice day.',
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
  /**
   * A sentence that asks: a question mark, an accented interrogative anywhere (unaccented 'que',
   * 'como', 'cuando' are conjunctions), an asking verb at its start, or a request to know.
   */
  question:
    /[?¿]|^(?:(?:y|pero|entonces|and|but|so)\s+)?(?:cuanto|cuantos|cual|cuales|puedo|puedes|puede|pueden|pod[eé]is|ten[eé]is|hac[eé]is|ofrec[eé]is|funciona|sirve|incluye|se puede|what|how|which|when|where|who|why|can|could|do|does|is|are|will|would|should)(?!\p{L})|(?<!\p{L})(?:qué|cómo|cuánt[oa]s?|cuál(?:es)?|cuándo|dónde|quién(?:es)?|saber|dime|cuéntame|explícame|tell me|want to know|like to know|wondering)(?!\p{L})/iu,
  /** Words that say the visitor is already describing their business. */
  business:
    /\b(tengo|tenemos|somos|empresa|negocio|tienda|agencia|cl[ií]nica|despacho|restaurante|vendo|vendemos|me dedico|nos dedicamos|startup|consultor[ií]a|hotel|f[aá]brica|academia|taller|panader[ií]a|i have|i run|i own|we are|we run|we have|company|business|shop|store|agency|clinic|restaurant|firm|bakery|we sell)\b/i,
  /** The business named with an article after 'tengo', 'somos', 'I run'…, up to a clause or a stop: 'una clínica dental'. */
  businessPhrase:
    /(?<!\p{L})(?:tengo|tenemos|somos|soy|llevo|llevamos|dirijo|dirigimos|i have|i run|i own|i am|i'm|we are|we're|we run|we have|we own)\s+((?:un|una|unos|unas|a|an)\s+(?!(?:duda|pregunta|consulta|question|doubt)(?!\p{L}))[^,.;:!?¿¡…]{2,60}?)(?=\s+(?:y|e|que|con|donde|en|para|and|that|with|where|in|for|which|who)\s|\s*[,.;:!?¿¡…]|\s*$)/iu,
  /** A line that says what the visitor wants. */
  wants:
    /(?<!\p{L})(?:quiero|queremos|quisiera|quisi[eé]ramos|necesito|necesitamos|me gustar[ií]a|nos gustar[ií]a|busco|buscamos|me interesa|nos interesa|i want|we want|i need|we need|would like|i'd like|we'd like|looking for|interested in)(?!\p{L})/iu,
  /** A line that tries to spell an address: '@', 'arroba', 'punto com', 'at … dot …', a domain ending. */
  emailAttempt: /@|(?<!\p{L})(?:arroba|punto|dot)(?!\p{L})|\.(?:com|es|net|org|eu|io)(?!\p{L})/iu,
  // Letters, not \b: JavaScript's \b treats 'í' as a non-word character ('sí', 'envíamela').
  yes: /(?<!\p{L})(s[ií]|vale|claro|ok|okay|de acuerdo|adelante|env[ií]a|m[aá]nda|por favor|yes|sure|please)/iu,
  goodbye: /\b(adi[oó]s|hasta luego|hasta pronto|chao|chau|nada m[aá]s|eso es todo|no,? gracias|bye)\b/i,
  /**
   * A system notice about the proposal (the widget sends one after each send): queued, or held
   * back with nothing sent, and why (the same words the lead tool's results use).
   */
  proposal: /propuesta|proposal/i,
  queued: /\b(cola|queued|enviad[ao]|sent)\b/i,
  notSent: /no se ha enviado|not (?:been )?sent|nothing was sent/i,
  sentRecently: /hace poco|recently/i,
  emailAttempts: 2,
  leadTool: LEAD_TOOL_NAME,
  summary: {
    silent: 'El visitante no dijo nada durante la llamada.',
    business: 'Negocio: {business}.',
    needs: 'Le interesa: {needs}.',
    email: 'Contacto: {email}.',
    noEmail: 'No dejó su correo.',
  },
  languages: {
    en: {
      lines: DEMO_LINES_EN,
      summary: {
        silent: 'The visitor said nothing during the call.',
        business: 'Business: {business}.',
        needs: 'Interested in: {needs}.',
        email: 'Contact: {email}.',
        noEmail: 'They did not leave their email.',
      },
    },
  },
};
