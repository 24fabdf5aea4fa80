/** Lower case, accents removed: the form words are compared in (the matcher, file names, the panel's search). */
export const foldText = (s: string): string => s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
