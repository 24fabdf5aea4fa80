import { describe, expect, it } from 'vitest';
import { detectEmail, detectEmails, normaliseSpokenEmail } from '../../src/email/detect';

// [input, first email or null]
const cases: Array<[string, string | null]> = [
  // The specification's rule: local part, @, domain, TLD of ≥ 2 letters.
  ['juan@acme.com', 'juan@acme.com'],
  ['Mi correo es juan@acme.com', 'juan@acme.com'],
  ['Mi correo es juan@acme.com.', 'juan@acme.com'],
  ['¿Es juan@acme.com?', 'juan@acme.com'],
  ['Escríbeme a juan@acme.com!', 'juan@acme.com'],
  ['(juan@acme.com)', 'juan@acme.com'],
  ['<juan@acme.com>,', 'juan@acme.com'],
  ['"juan@acme.com";', 'juan@acme.com'],
  ['juan@acme.com...', 'juan@acme.com'],
  ['JUAN.PEREZ@ACME.COM', 'juan.perez@acme.com'],
  ['Juan.Perez@Acme.Es', 'juan.perez@acme.es'],
  ['ana+ventas@empresa.com.mx', 'ana+ventas@empresa.com.mx'],
  ['ana_lopez-2@sub.dominio.org', 'ana_lopez-2@sub.dominio.org'],
  ['first: a@x.io, second: b@y.io', 'a@x.io'],
  ['correos: uno@a.co y dos@b.co', 'uno@a.co'],
  ['juan@acme.c', null], // TLD of one letter
  ['juan@acme', null], // no TLD
  ['juan@acme.123', null], // TLD without letters
  ['@acme.com', null], // no local part
  ['juan@.com', null], // no domain
  ['juan arroba', null],
  // Spoken Spanish.
  ['juan arroba gmail punto com', 'juan@gmail.com'],
  ['Mi correo es juan punto perez arroba acme guion corp punto com', 'juan.perez@acme-corp.com'],
  ['es ana guion bajo lopez arroba empresa punto es', 'ana_lopez@empresa.es'],
  ['ana guión bajo lopez arroba empresa punto es', 'ana_lopez@empresa.es'],
  ['pedro guión ruiz arroba correo punto com punto mx', 'pedro-ruiz@correo.com.mx'],
  ['Sí, claro: MARIA ARROBA HOTMAIL PUNTO COM.', 'maria@hotmail.com'],
  ['luis arroba gmail puntocom', 'luis@gmail.com'],
  ['info barra baja ventas arroba acme punto io', 'info_ventas@acme.io'],
  ['juan @ gmail . com', 'juan@gmail.com'],
  ['juan.perez arroba gmail.com', 'juan.perez@gmail.com'],
  ['juan@gmail punto com', 'juan@gmail.com'],
  ['mi correo es ana arroba empresa punto com, gracias', 'ana@empresa.com'],
  ['Ana punto García arroba mi guion empresa punto com punto mx', 'ana.garcia@mi-empresa.com.mx'],
  ['juan guion bajo perez arroba correo punto es.', 'juan_perez@correo.es'],
  ['Escríbeme a Ana@Empresa.com.', 'ana@empresa.com'],
  ['en este punto no tengo correo', null],
  // Spoken English.
  ['john at gmail dot com', 'john@gmail.com'],
  ['my email is john dot smith at example dot co dot uk', 'john.smith@example.co.uk'],
  ['JOHN AT EXAMPLE DOT ORG', 'john@example.org'],
  ['it is jane underscore doe at mail dash box dot net', 'jane_doe@mail-box.net'],
  ['sales hyphen team at acme dot io', 'sales-team@acme.io'],
  ['contacto arroba acme punto es', 'contacto@acme.es'],
  ['maria at shop dot in', 'maria@shop.in'],
  // A written address wins over a spoken reading of the same sentence.
  ['mail me at bob.smith@acme.com', 'bob.smith@acme.com'],
  // No email at all.
  ['', null],
  ['Hola, quiero información sobre sus agentes', null],
  ['Estoy en el punto de venta de la tienda', null],
  ['Look at the dot on the map', null],
  ['Meet me at noon, we can talk then', null],
  ['escribe a ventas arroba la empresa punto com', null],
  ['El guion de la película es bueno', null],
  ['Nos vemos a las 10.30 en la oficina', null],
  ['precio: 100 @ 20%', null],
  ['arroba punto com', null],
];

describe('detectEmail', () => {
  it('has at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('%j → %j', (input, expected) => {
    expect(detectEmail(input)).toBe(expected);
  });

  it('returns every distinct email in order, lower-cased', () => {
    expect(detectEmails('A@x.io, b@y.io y a@X.io')).toEqual(['a@x.io', 'b@y.io']);
  });

  it('treats null and undefined as no text', () => {
    expect(detectEmails(null)).toEqual([]);
    expect(detectEmail(undefined)).toBeNull();
  });

  it('normalises spoken connectors into symbols', () => {
    expect(normaliseSpokenEmail('juan punto perez arroba acme guion corp punto com')).toBe('juan.perez@acme-corp.com');
    expect(normaliseSpokenEmail('ana guion bajo lopez')).toBe('ana_lopez');
  });
});
