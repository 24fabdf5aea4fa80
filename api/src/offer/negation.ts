// Which of a visitor's words sit where the visitor says they do NOT want something: 'no
// necesitamos chat', 'no nos hace falta una web', 'sin formulario', 'ya tenemos CRM', 'el chat no
// nos hace falta', 'WhatsApp, no', 'we don't need a chat', 'we already have a CRM', 'no website'.
// A keyword there is a refusal (or something already covered), never a request.
//
// How far a refusal reaches (its scope):
// - A clause is cut by sentence punctuation (. ! ? ; :), a line break, and words that turn the
//   sentence around ('pero', 'sino', 'aunque', 'sin embargo', 'en cambio', 'sí', 'solo', 'but',
//   'however', 'instead', 'only', 'yes'), and by a verb of wanting that is not itself negated ('…
//   y queremos llamadas').
// - A comma cuts it too, unless what follows is a bare list item ('no necesitamos chat, web ni
//   formulario'): three words at most with no verb of wanting or having.
// - 'no/not … necesitar, querer, interesar, hacer falta, need, want, require…' and 'ya tenemos,
//   ya usamos, already have…' refuse what follows them in the clause, and what comes before them
//   when they follow ('el chat no nos hace falta', 'a CRM we already have').
// - 'sin', 'ni', 'nada de', 'ningún', 'without', 'no', 'nor' refuse the few words right after them
//   ('sin formulario', 'no chat'), up to a verb or 'que' ('sin que nadie coja las llamadas' asks
//   for calls).
// - A clause that is only a refusal ('no', 'no, gracias', 'tampoco', 'no thanks') refuses the
//   clause before it ('WhatsApp, no').
// - 'no solo' / 'not only' is no refusal.
// Matching works on folded words (lower case, no accents); the raw word is kept for 'sí' (yes),
// which folds to 'si' (if).

/** A word of the visitor's line: folded, as written, and what separates it from the word before. */
export interface Word {
  norm: string;
  raw: string;
  /** The text between the previous word and this one. */
  gap: string;
}

const NEGATORS = new Set(['no', 'nunca', 'jamas', 'tampoco', 'ni', 'not', 'never', 'nor', 'neither', 't', 'nothing']);
/** Between a negator and its verb: pronouns, auxiliaries, adverbs ('no nos hace falta', 'we don't really need'). */
const FILLERS = new Set([
  'nos', 'me', 'le', 'les', 'lo', 'la', 'los', 'las', 'se', 'te', 'hace', 'hacen', 'es', 'son', 'eso', 'esto', 'realmente', 'mucho', 'ahora', 'de', 'momento',
  'we', 'i', 'they', 'do', 'does', 'did', 'don', 'doesn', 'didn', 'really', 'it', 'that', 'is', 'isn', 'are', 'aren', 'at', 'the', 'moment', 'currently', 'right', 'now', 'need', 'be', 'any',
]);
const NEED_PREFIXES = ['necesit', 'necesari', 'quer', 'quier', 'interes', 'falta', 'busc', 'precis', 'requer', 'requier', 'need', 'want', 'requir', 'interest', 'look', 'necessar', 'wish'];
const HAVE_WORDS = new Set([
  'tenemos', 'tengo', 'tiene', 'tienen', 'contamos', 'cuento', 'cuenta', 'disponemos', 'usamos', 'uso', 'usan', 'utilizamos', 'utilizo', 'trabajamos', 'trabajo', 'hemos',
  'have', 'has', 'got', 'use', 'using', 'run', 'own',
]);
const ALREADY = new Set(['ya', 'already']);
/** Refuse only the next few words. */
const SHORT = new Set(['sin', 'ni', 'nada', 'ningun', 'ninguna', 'ninguno', 'without', 'no', 'nor', 'tampoco']);
/** Articles and the like a short refusal reaches past ('sin un formulario', 'no more chat'). */
const DETERMINERS = new Set(['el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'de', 'del', 'mas', 'otro', 'otra', 'a', 'an', 'the', 'any', 'more', 'another', 'of', 'for']);
/** Where a short refusal stops: a clause of its own begins ('sin que…', 'without anyone…'). */
const SHORT_STOPS = new Set(['que', 'para', 'porque', 'nadie', 'alguien', 'poder', 'that', 'to', 'anyone', 'anybody', 'nobody', 'someone', 'being', 'because']);
const TURNS = new Set(['pero', 'sino', 'aunque', 'cambio', 'but', 'however', 'although', 'though', 'instead', 'solo', 'solamente', 'unicamente', 'only', 'just', 'yes', 'finalmente', 'final']);
/** A clause made only of these is a refusal of the clause before it. */
const REFUSAL_TAGS = new Set(['no', 'gracias', 'tampoco', 'not', 'thanks', 'thank', 'you', 'really', 'please', 'por', 'favor', 'ahora', 'now', 'de', 'momento']);
/** Words that carry no matter of their own ('bueno, no…'): a refusal pointing back skips past them. */
const DISCOURSE = new Set(['bueno', 'vale', 'pues', 'mira', 'hombre', 'well', 'ok', 'okay', 'hmm', 'eh', 'oh', 'ah', 'so', 'y', 'and', 'eso', 'esto', 'that', 'it', 'this']);

/** Losing something is a need: 'no queremos perder llamadas', 'we don't want to miss calls'. */
const LOSS_PREFIXES = ['perd', 'pierd', 'lose', 'losing', 'lost', 'miss'];
const isLoss = (w: string) => LOSS_PREFIXES.some((p) => w.startsWith(p));
const isNeed = (w: string) => NEED_PREFIXES.some((p) => w.startsWith(p));
const verbish = (w: string) => isNeed(w) || HAVE_WORDS.has(w);
/** A word that starts a clause of its own: a turn of the sentence, or 'sí' (yes, with its accent). */
const turns = (w: Word) => TURNS.has(w.norm) || /^s[íÍ]$/i.test(w.raw) || (w.norm === 'embargo');
const hardBreak = (gap: string) => /[.!?;:\n¿¡]/.test(gap);
const infinitiveOrGerund = (w: string) => w.length > 4 && /(ar|er|ir|ando|iendo|ing)$/.test(w);

/**
 * Index of the verb of wanting a negator at `i` governs ('no [nos hace] falta', 'don't [really]
 * need'), or -1. Not having is no refusal: 'no tenemos tiempo para las llamadas' asks for calls.
 */
function governedVerb(words: readonly Word[], i: number, end: number): number {
  for (let j = i + 1; j < end && j <= i + 4; j++) {
    const w = words[j]!.norm;
    if (isNeed(w)) return j;
    if (!FILLERS.has(w)) return -1;
  }
  return -1;
}

/** Index of the 'have' verb after 'ya'/'already' at `i` ('ya [lo] tenemos'), or -1. */
function haveAfter(words: readonly Word[], i: number, end: number): number {
  for (let j = i + 1; j < end && j <= i + 3; j++) {
    const w = words[j]!.norm;
    if (HAVE_WORDS.has(w)) return j;
    if (!FILLERS.has(w)) return -1;
  }
  return -1;
}

/** The clauses of a line as [start, end) word ranges. */
function clauses(words: readonly Word[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = 0;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    let before = i - 1;
    while (before > start && FILLERS.has(words[before]!.norm)) before--;
    const negatedVerb = verbish(w.norm) && before >= start && (NEGATORS.has(words[before]!.norm) || ALREADY.has(words[before]!.norm));
    if (hardBreak(w.gap) || turns(w) || (verbish(w.norm) && !negatedVerb && i > start)) {
      out.push([start, i]);
      start = i;
    }
  }
  if (words.length) out.push([start, words.length]);
  return splitAtCommas(words, out);
}

/** Cuts each clause at its commas, keeping bare list items ('chat, web ni formulario') with what they continue. */
function splitAtCommas(words: readonly Word[], ranges: Array<[number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [s, e] of ranges) {
    const cuts = [s];
    for (let i = s + 1; i < e; i++) if (words[i]!.gap.includes(',')) cuts.push(i);
    cuts.push(e);
    let start = s;
    for (let k = 1; k < cuts.length - 1; k++) {
      const [from, to] = [cuts[k]!, cuts[k + 1]!];
      const segment = words.slice(from, to).map((w) => w.norm);
      const listItem = segment.length <= 3 && !segment.some(verbish) && !segment.every((w) => REFUSAL_TAGS.has(w));
      if (!listItem) {
        out.push([start, from]);
        start = from;
      }
    }
    out.push([start, e]);
  }
  return out;
}

/** For each word of a line, whether the visitor refuses it (or says it is already covered) there. */
export function refusedWords(words: readonly Word[]): boolean[] {
  const refused = words.map(() => false);
  const mark = (from: number, to: number) => {
    for (let k = from; k < to; k++) refused[k] = true;
  };
  const ranges = clauses(words);
  const content = (from: number, to: number) =>
    words.slice(from, to).some((w) => !FILLERS.has(w.norm) && !REFUSAL_TAGS.has(w.norm) && !DISCOURSE.has(w.norm) && !DETERMINERS.has(w.norm) && !NEGATORS.has(w.norm));
  /** A refusal that points back ('el chat no nos hace falta', '¿Chat? No, gracias.'): its own clause's words before it, else the nearest clause before with any. */
  const back = (r: number, s: number, i: number) => {
    if (content(s, i)) return mark(s, i);
    for (let q = r - 1; q >= 0; q--) {
      const [ps, pe] = ranges[q]!;
      if (content(ps, pe)) return mark(ps, pe);
    }
  };
  ranges.forEach(([s, e], r) => {
    const clause = words.slice(s, e).map((w) => w.norm);
    if (clause.every((w) => REFUSAL_TAGS.has(w) || DISCOURSE.has(w)) && clause.some((w) => NEGATORS.has(w))) return back(r, s, s);
    for (let i = s; i < e; i++) {
      const w = words[i]!.norm;
      const next = words[i + 1]?.norm;
      if ((w === 'no' || w === 'not') && (next === 'solo' || next === 'only' || next === 'just')) continue;
      // 'no necesitamos chat' refuses what follows; 'el chat no nos hace falta', what precedes;
      // 'ya tenemos CRM' and 'el CRM ya lo tenemos' alike.
      const verb = NEGATORS.has(w) ? governedVerb(words, i, e) : ALREADY.has(w) ? haveAfter(words, i, e) : -1;
      // Not wanting to lose something is wanting it: 'no queremos perder más llamadas'.
      let object = verb + 1;
      while (object < e && (FILLERS.has(words[object]!.norm) || words[object]!.norm === 'to' || words[object]!.norm === 'que')) object++;
      if (verb >= 0 && NEGATORS.has(w) && object < e && isLoss(words[object]!.norm)) {
        i = object;
        continue;
      }
      if (verb >= 0) {
        if (content(verb + 1, e)) mark(verb + 1, e);
        else back(r, s, i);
        i = verb;
        continue;
      }
      // 'we have a CRM already'
      if (w === 'already' && words.slice(s, i).some((p) => HAVE_WORDS.has(p.norm))) {
        mark(s, i);
        continue;
      }
      // A refusal at the end of its clause points back: 'chat tampoco', 'el chat, no gracias'.
      if (NEGATORS.has(w) && words.slice(i + 1, e).every((t) => REFUSAL_TAGS.has(t.norm) || DISCOURSE.has(t.norm))) {
        back(r, s, i);
        continue;
      }
      if (SHORT.has(w)) {
        let j = i + 1;
        while (j < e && DETERMINERS.has(words[j]!.norm)) j++;
        // A bare 'no'/'not' refuses a thing named right after it ('no chat, please'), not a
        // verb's clause ('no podemos atender el teléfono', 'si no contestamos el teléfono…').
        if ((w === 'no' || w === 'not') && e - j > 3) continue;
        for (let k = 0; j < e && k < 3; j++, k++) {
          const t = words[j]!.norm;
          if (SHORT_STOPS.has(t) || verbish(t) || infinitiveOrGerund(t)) break;
          refused[j] = true;
        }
      }
    }
  });
  return refused;
}
