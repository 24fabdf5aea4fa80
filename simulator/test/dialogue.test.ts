import { describe, expect, it } from 'vitest';
import { DEMO_DIALOGUE, DEMO_LINES, DEMO_LINES_EN } from '@helena/contract';
import { echoDialogue, ScriptedConversation, scriptedDialogue } from '../src/simulator/dialogue';

const demo = (name: string) => new ScriptedConversation(DEMO_DIALOGUE, name);

describe('the scripted engine, on the demo dialogue', () => {
  it('asks about the business, then for the email, confirms it and offers the proposal', () => {
    const d = demo('Helena');
    expect(d.greeting()).toContain('Helena');
    expect(d.reply('Hola, quiero información').text).toMatch(/negocio/);
    expect(d.reply('Tengo una panadería en Madrid').text).toMatch(/correo/);
    expect(d.reply('no sé').text).toMatch(/repites/);
    const confirm = d.reply('ana arroba empresa punto com');
    expect(confirm.text).toContain('ana@empresa.com');
    expect(confirm.text).toMatch(/propuesta/);
    expect(d.reply('sí, por favor').text).toContain('ana@empresa.com');
    const bye = d.reply('No, gracias. Adiós');
    expect(bye.end).toBe(true);
    // Short: the business as named and the contact; no catalogue here, so no needs named.
    expect(d.summary()).toBe('Negocio: una panadería en Madrid. Contacto: ana@empresa.com.');
  });

  it('goes straight to the email when the visitor describes the business unasked', () => {
    const d = demo('Helena');
    expect(d.reply('Somos una agencia de viajes en Valencia').text).toMatch(/correo/);
    expect(d.business).toBe('Somos una agencia de viajes en Valencia');
  });

  it('takes replacement lines', () => {
    const start = scriptedDialogue({ ...DEMO_DIALOGUE, lines: { ...DEMO_DIALOGUE.lines, askBusiness: '¿Qué vendes, {name}?' } });
    expect(start('Eva').reply('hola').text).toBe('¿Qué vendes, Eva?');
  });

  it('answers "what do you do" at the start, and still asks about the business', () => {
    const d = demo('Helena');
    const answer = d.reply('Hola, ¿qué hacéis?').text;
    expect(answer).toMatch(/asistentes/);
    expect(answer).toMatch(/negocio/);
  });

  it('answers questions while it waits for the email, then moves on and offers the form: no loop', () => {
    const d = demo('Helena');
    d.reply('Tengo una clínica dental');
    const misunderstood = /No he entendido/;
    const price = d.reply('¿Cuánto cuesta?').text;
    expect(price).toMatch(/precio/i);
    expect(price).not.toMatch(misunderstood);
    const whatsapp = d.reply('¿Funciona en WhatsApp?').text;
    expect(whatsapp).toMatch(/WhatsApp/);
    expect(whatsapp).toMatch(/formulario/);
    expect(whatsapp).not.toMatch(misunderstood);
    const catalan = d.reply('¿Y en catalán?').text;
    expect(catalan).toMatch(/catalán/);
    expect(catalan).not.toMatch(misunderstood);
    expect(d.reply('¿Se integra con mi CRM?').text).toMatch(/CRM/);
    expect(d.reply('¿Cuánto tarda en estar listo?').text).toMatch(/semanas/);
    expect(d.reply('vale').text).not.toMatch(misunderstood);
  });

  it('asks for the address again at most once', () => {
    const d = demo('Helena');
    d.reply('Tengo una tienda');
    expect(d.reply('no sé').text).toMatch(/repites/);
    const next = d.reply('pues no lo sé');
    expect(next.text).not.toMatch(/repites/);
    expect(next.text).toMatch(/formulario/);
  });

  it('says the proposal is on its way only after the server reports it queued one', () => {
    const d = demo('Helena');
    d.reply('Tengo una panadería');
    d.reply('ana@empresa.com');
    const agreed = d.reply('sí, envíamela');
    expect(agreed.toolCall).toEqual({ name: 'registrar_contacto', arguments: { email: 'ana@empresa.com' } });
    expect(agreed.text).not.toMatch(/va de camino/);
    expect(d.notice('El formulario se cerró sin enviar nada.')).toBeUndefined();
    const confirmed = d.notice('La propuesta se ha puesto en cola para enviarse a ana@empresa.com.');
    expect(confirmed?.text).toMatch(/va de camino a ana@empresa\.com/);
  });

  it('answers a visitor who describes their business about their business, not with a topic their words mention', () => {
    const d = demo('Helena');
    const answer = d.reply('Tengo una clínica dental en Madrid y quiero atender llamadas fuera de horario').text;
    expect(answer).not.toContain(DEMO_LINES.channels);
    expect(answer).toBe(`${DEMO_LINES.businessNoted.replace('{business}', 'una clínica dental')} ${DEMO_LINES.emailForProposal}`);
    expect(d.business).toBe('Tengo una clínica dental en Madrid y quiero atender llamadas fuera de horario');
    expect(d.stage).toBe('email');
  });

  it('gives a topic answer to a question, also beside a description of the business', () => {
    expect(demo('Helena').reply('¿Atendéis llamadas de teléfono?').text).toContain(DEMO_LINES.channels);
    expect(demo('Helena').reply('Quiero saber el precio').text).toContain(DEMO_LINES.price);
    const both = demo('Helena').reply('Somos una agencia de viajes. ¿Funciona en WhatsApp?').text;
    expect(both).toBe(`${DEMO_LINES.businessNoted.replace('{business}', 'una agencia de viajes')} ${DEMO_LINES.channels} ${DEMO_LINES.emailForProposal}`);
    // Asked after the business: answered, then the address asked for again.
    const d = demo('Helena');
    d.reply('Hola');
    d.reply('Tenemos un restaurante con muchas llamadas');
    // More about the business, not an address: noted, and the address asked for again.
    expect(d.reply('Tenemos mucho trabajo con las llamadas y el WhatsApp').text).toBe(`${DEMO_LINES.moreNoted} ${DEMO_LINES.emailForProposal}`);
  });

  it("files the visitor's own lines that say what they want as needs, beside the email and business", () => {
    const d = demo('Helena');
    d.reply('Hola');
    d.reply('Tengo una clínica dental y quiero atender llamadas fuera de horario');
    d.reply('También necesitamos que funcione en WhatsApp');
    d.reply('mi correo es ana@clinica.example');
    d.reply('sí, quiero que me la envíes');
    const said = [d.greeting(), ...Object.values(DEMO_LINES)];
    const { structuredData } = d.analysis();
    expect(structuredData).toEqual({
      email: 'ana@clinica.example',
      business: 'Tengo una clínica dental y quiero atender llamadas fuera de horario',
      needs: ['Tengo una clínica dental y quiero atender llamadas fuera de horario', 'También necesitamos que funcione en WhatsApp'],
    });
    for (const need of structuredData.needs as string[]) expect(said).not.toContain(need);
    expect(demo('Helena').analysis().structuredData.needs).toEqual([]);
  });

  it("speaks the assistant's language: English for 'en' or 'en-US', Spanish otherwise", () => {
    const en = new ScriptedConversation(DEMO_DIALOGUE, 'Helena', { language: 'en-US' });
    expect(en.greeting()).toBe(DEMO_LINES_EN.greeting.replace('{name}', 'Helena'));
    expect(en.reply('Hello, what do you do?').text).toBe(`${DEMO_LINES_EN.whatWeDo} ${DEMO_LINES_EN.askBusiness}`);
    expect(en.reply('We run a dental clinic and we want to answer calls after hours').text).toBe(
      `${DEMO_LINES_EN.businessNoted.replace('{business}', 'a dental clinic')} ${DEMO_LINES_EN.emailForProposal}`,
    );
    expect(en.reply('ana@clinic.example').text).toBe(DEMO_LINES_EN.confirmEmail.replace('{email}', 'ana@clinic.example'));
    expect(en.reply('yes please').text).toBe(DEMO_LINES_EN.proposalPending.replace('{email}', 'ana@clinic.example'));
    expect(en.summary()).toBe('Business: a dental clinic. Contact: ana@clinic.example.');
    expect(en.analysis().structuredData.needs).toEqual(['We run a dental clinic and we want to answer calls after hours']);
    expect(new ScriptedConversation(DEMO_DIALOGUE, 'Helena', { language: 'es' }).greeting()).toBe(DEMO_LINES.greeting.replace('{name}', 'Helena'));
    expect(new ScriptedConversation(DEMO_DIALOGUE, 'Helena', { language: 'fr' }).greeting()).toBe(DEMO_LINES.greeting.replace('{name}', 'Helena'));
    expect(scriptedDialogue(DEMO_DIALOGUE)('Helena', { language: 'en' }).reply('hi').text).toBe(DEMO_LINES_EN.askBusiness);
  });

  it('says what became of the proposal the server held back, and never that it is on its way', () => {
    const agreed = (language?: string) => {
      const d = new ScriptedConversation(DEMO_DIALOGUE, 'Helena', { language });
      d.reply('Tengo una panadería');
      d.reply('ana@empresa.com');
      d.reply('sí');
      return d;
    };
    const recent = 'No se ha enviado la propuesta a ana@empresa.com: ya se pidió una para esa dirección hace poco, así que no se envía otra.';
    expect(agreed().notice(recent)?.text).toBe(DEMO_LINES.proposalSentRecently.replace('{email}', 'ana@empresa.com'));
    const notSent = 'No se ha enviado la propuesta a ana@empresa.com: ahora no se puede enviar a esa dirección.';
    expect(agreed().notice(notSent)?.text).toBe(DEMO_LINES.proposalNotSent.replace('{email}', 'ana@empresa.com'));
    expect(agreed('en').notice('The proposal was not sent to ana@empresa.com: one was requested for that address recently.')?.text).toBe(
      DEMO_LINES_EN.proposalSentRecently.replace('{email}', 'ana@empresa.com'),
    );
    // The lead tool's result, in the same words.
    expect(agreed().toolOutcome({ result: 'No se ha enviado nada: ya se pidió una propuesta para ese correo hace poco.' }).text).toBe(
      DEMO_LINES.proposalSentRecently.replace('{email}', 'ana@empresa.com'),
    );
    expect(agreed().toolOutcome({ result: 'Listo. He registrado sus datos.' }).text).toBe(DEMO_LINES.proposalOnItsWay.replace('{email}', 'ana@empresa.com'));
    expect(agreed().toolOutcome({ error: 'No he podido registrar los datos.' }).text).toBe(DEMO_LINES.offerForm);
  });

  it('says so when the visitor said nothing', () => {
    expect(demo('Helena').summary()).toBe('El visitante no dijo nada durante la llamada.');
  });

});

describe('while waiting for the address, a line about the business is more about the business', () => {
  // A stand-in catalogue namer, as the demo server passes one (there from the site's offer):
  // it names WhatsApp and appointments when said, and the web chat unless refused.
  const needsNamed = (lines: readonly string[]) => {
    const all = lines.join(' ');
    return [/whatsapp/i.test(all) && 'Asistente en WhatsApp', /\bcita/i.test(all) && 'Agenda de citas', /chat/i.test(all) && !/no necesitamos chat/i.test(all) && 'Chat en tu web'].filter(
      (n): n is string => !!n,
    );
  };
  const clinic = (language?: string) => new ScriptedConversation({ ...DEMO_DIALOGUE, needsNamed }, 'Helena', { language });

  it("the clinic owner's line is noted, counted in the needs, and the address asked for again: never 'No he entendido bien tu correo'", () => {
    const d = clinic();
    d.reply('Tengo una clínica dental');
    const line = 'También nos escriben por WhatsApp para pedir cita, y no damos abasto. No necesitamos chat en la web.';
    const answer = d.reply(line).text;
    expect(answer).toBe('Tomo nota, lo tendré en cuenta en tu propuesta. ¿Me dejas tu correo electrónico para enviarte la propuesta?');
    expect(answer).not.toContain('No he entendido');
    expect(d.stage).toBe('email');
    expect(d.analysis().structuredData.needs).toContain(line);
    // Telling more is not a failed address: the visitor still has their attempts.
    expect(d.reply('no sé').text).toBe(DEMO_LINES.repeatEmail);
    expect(d.reply('eva arroba clinica punto com').text).toContain('eva@clinica.com');
    expect(d.summary()).toBe('Negocio: una clínica dental. Le interesa: Asistente en WhatsApp, Agenda de citas. Contacto: eva@clinica.com.');
  });

  it('a garbled address is still asked for again, not taken as business', () => {
    const d = clinic();
    d.reply('Tengo una clínica dental');
    expect(d.reply('ana arroba clínica punto').text).toBe(DEMO_LINES.repeatEmail);
    expect(d.analysis().structuredData.needs).toEqual([]);
  });

  it('in English too', () => {
    const d = clinic('en');
    d.reply('We run a dental clinic');
    const line = 'Patients also message us on WhatsApp all day and we cannot keep up';
    expect(d.reply(line).text).toBe("Noted, I'll take that into account in your proposal. Could you give me your email address so I can send you the proposal?");
    expect(d.analysis().structuredData.needs).toContain(line);
    d.reply('ana@clinic.example');
    expect(d.summary()).toBe('Business: a dental clinic. Interested in: Asistente en WhatsApp. Contact: ana@clinic.example.');
  });

  it('the summary names the business to the end of its clause, never the need said with it', () => {
    const d = clinic();
    d.reply('Tengo una clínica dental en Sevilla con dos sedes y queremos citas por WhatsApp');
    d.reply('ana@clinica.example');
    expect(d.summary()).toBe('Negocio: una clínica dental en Sevilla con dos sedes. Le interesa: Asistente en WhatsApp, Agenda de citas. Contacto: ana@clinica.example.');
  });

  it('no address left: the summary says so', () => {
    const d = clinic();
    d.reply('Somos una agencia de viajes');
    d.reply('adiós');
    expect(d.summary()).toBe('Negocio: una agencia de viajes. No dejó su correo.');
  });
});

describe('the default dialogue', () => {
  it('says it is a simulator, repeats the visitor, calls no tool and never hangs up', () => {
    const d = echoDialogue('Robin');
    expect(d.greeting()).toMatch(/Robin.*simulated assistant/);
    expect(d.reply('  What are your opening hours? ')).toEqual({ text: 'You said: What are your opening hours?', end: false });
    expect(d.reply('bye').end).toBe(false);
    expect(d.notice('The proposal is queued for ana@example.com')).toBeUndefined();
    expect(d.toolOutcome({ result: 'ok' }).text).toBe('Done.');
    expect(d.toolOutcome({ error: 'no' }).text).toBe('That did not work.');
    expect(d.summary()).toContain('2 lines');
  });
});
