// snowball-stemmers ships no types: the two calls the matcher makes.
declare module 'snowball-stemmers' {
  interface Stemmer {
    stem(word: string): string;
  }
  const factory: { newStemmer(language: 'spanish' | 'english'): Stemmer; algorithms(): string[] };
  export default factory;
}
