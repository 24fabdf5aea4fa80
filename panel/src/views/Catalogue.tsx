import { useEffect, useState, type FormEvent } from 'react';
import { money } from '../format';
import { useLocale, useMessages } from '../store/locale';
import { useCatalogue, useCatalogueTry } from '../store/views';
import { Loaded } from './Loaded';

/** 'Probar': a visitor's line, and what the offer would choose for it. */
function TryIt() {
  const t = useMessages();
  const locale = useLocale((s) => s.locale);
  const result = useCatalogueTry((s) => s.load);
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) void useCatalogueTry.getState().run({ text: text.trim() });
  };
  return (
    <section className="part" aria-labelledby="try-h">
      <h2 id="try-h">{t.tryHeading}</h2>
      <form className="try" onSubmit={submit}>
        <label>
          {t.tryLabel}
          <input type="text" value={text} maxLength={500} required onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit">{t.tryButton}</button>
      </form>
      {result.status === 'idle' ? null : (
        <div aria-live="polite">
          <Loaded load={result} retry={() => void useCatalogueTry.getState().again()}>
            {(r) =>
              r.items.length === 0 ? (
                <p>{t.tryNone}</p>
              ) : (
                <>
                  <ul className="plain">
                    {r.items.map((i) => (
                      <li key={i.id}>
                        <strong>{i.title}</strong> · {t.setup} {money(i.setup, locale)} · {t.monthly} {money(i.monthly, locale)} · {t.why}:{' '}
                        {i.because.length ? i.because.map((b, n) => <q key={n}>{b.quote}</q>) : t.always}
                      </li>
                    ))}
                  </ul>
                  <p>
                    {t.setup}: {t.subtotal} {money(r.totals.setup.net, locale)} · <strong>{t.total}: {money(r.totals.setup.gross, locale)}</strong>
                    <br />
                    {t.monthly}: {t.subtotal} {money(r.totals.monthly.net, locale)} · <strong>{t.total}: {money(r.totals.monthly.gross, locale)}</strong>
                  </p>
                </>
              )
            }
          </Loaded>
        </div>
      )}
    </section>
  );
}

/** The active offer, read-only, and 'Probar'. */
export function CatalogueView() {
  const t = useMessages();
  const locale = useLocale((s) => s.locale);
  const load = useCatalogue((s) => s.load);
  useEffect(() => {
    void useCatalogue.getState().run({});
  }, []);
  return (
    <section aria-labelledby="catalogue-h">
      <h1 id="catalogue-h">{t.catalogueHeading}</h1>
      <TryIt />
      <Loaded load={load} retry={() => void useCatalogue.getState().again()}>
        {(c) => (
          <table className="catalogue">
            <thead>
              <tr>
                <th scope="col">{t.item}</th>
                <th scope="col">{t.setup}</th>
                <th scope="col">{t.monthly}</th>
                <th scope="col">{t.keywords}</th>
              </tr>
            </thead>
            <tbody>
              {c.items.map((i) => (
                <tr key={i.id}>
                  <th scope="row" data-label={t.item}>
                    {i.title}
                  </th>
                  <td data-label={t.setup} className="num">
                    {money(i.setup, locale)}
                  </td>
                  <td data-label={t.monthly} className="num">
                    {money(i.monthly, locale)}
                  </td>
                  <td data-label={t.keywords}>{i.keywords.join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </section>
  );
}
