// One definition of a lead's state, for the list, its filter, the CSV and the funnel: from its
// proposal (the `p` alias of pdf, joined to the lead's call `c`), as of `now`.
import { sql, type RawBuilder } from 'kysely';
import type { LeadState } from '@helena/contract';

/** The state as SQL: null when no proposal was sent. An accepted proposal stays 'aceptada' after it expires. */
export function leadStateSql(now: string): RawBuilder<LeadState | null> {
  return sql<LeadState | null>`case
    when p.id is null then null
    when p.accepted_at is not null then 'aceptada'
    when p.expires_at <= ${now} then 'caducada'
    when p.first_viewed_at is not null then 'vista'
    else 'enviada' end`;
}

/** The filter for one state ('sin_propuesta': no proposal yet). */
export function stateIs(state: LeadState | 'sin_propuesta', now: string): RawBuilder<boolean> {
  switch (state) {
    case 'sin_propuesta':
      return sql<boolean>`p.id is null`;
    case 'aceptada':
      return sql<boolean>`p.accepted_at is not null`;
    case 'caducada':
      return sql<boolean>`(p.accepted_at is null and p.expires_at <= ${now})`;
    case 'vista':
      return sql<boolean>`(p.accepted_at is null and p.expires_at > ${now} and p.first_viewed_at is not null)`;
    default:
      return sql<boolean>`(p.accepted_at is null and p.expires_at > ${now} and p.first_viewed_at is null)`;
  }
}
