// Word forms: 'teléfonos' and 'teléfono', 'nos llaman' and 'llamadas', 'calls' and 'calling' are
// one word to the matcher, without the site owner listing every form. Both sides are reduced by
// Snowball's stemmers (the snowball-stemmers package), Spanish and English: a visitor's word and a
// keyword are the same word when either language reduces them alike, so a catalogue in one
// language still understands a visitor who mixes in the other ('webs', 'chats').
import snowball from 'snowball-stemmers';

const spanish = snowball.newStemmer('spanish');
const english = snowball.newStemmer('english');

/** The stems of a folded word (lower case, no accents), Spanish first. */
export function stemsOf(folded: string): readonly [string, string] {
  return [spanish.stem(folded), english.stem(folded)];
}

/** Whether two folded words are forms of one word in Spanish or in English. */
export function sameWord(a: readonly [string, string], b: readonly [string, string]): boolean {
  return a[0] === b[0] || a[1] === b[1];
}
