// What the owner's search matches: a lead's name, address and company, folded once when the lead
// is written (lower case, no accents), so a search is one substring test over one column on both
// databases instead of a function over every row.
import { foldText } from '../offer/fold';

/** The folded text a lead is found by. */
export function searchKeyOf(name: string | null, email: string, company: string | null): string {
  return foldText([name, email, company].filter(Boolean).join(' \u0001 '));
}
