import type { WithRawResponse } from './options.js';

/**
 * What every method returns: a promise of the parsed answer that can also give the raw response,
 * `await client.calls.get({ id }).withRawResponse()` → `{ data, rawResponse }`.
 */
export class HttpResponsePromise<T> extends Promise<T> {
  // Promises derived by then/catch/finally are plain ones.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  readonly #raw: Promise<WithRawResponse<T>>;
  #data: Promise<T> | undefined;

  /** Wraps a promise of `{ data, rawResponse }`. */
  constructor(raw: Promise<WithRawResponse<T>>) {
    // This promise itself never settles: then/catch/finally read `#raw` instead.
    super(() => {});
    this.#raw = raw;
  }

  // The data promise is made on first use, so a caller who only asks for the raw response
  // leaves no second, unobserved rejection behind.
  #unwrap(): Promise<T> {
    return (this.#data ??= this.#raw.then((result) => result.data));
  }

  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#unwrap().then(onfulfilled, onrejected);
  }

  override catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.#unwrap().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#unwrap().finally(onfinally);
  }

  /** The parsed answer together with the raw response (status, headers, URL). */
  withRawResponse(): Promise<WithRawResponse<T>> {
    return this.#raw;
  }
}
