import { useEffect } from 'react';
import { when } from '../format';
import { routeHref } from '../route';
import { useLocale, useMessages } from '../store/locale';
import { useAudit } from '../store/views';
import { Loaded } from './Loaded';

/** The owners' actions, newest first: who, what, when, on which lead. */
export function AuditView() {
  const t = useMessages();
  const locale = useLocale((s) => s.locale);
  const load = useAudit((s) => s.load);
  useEffect(() => {
    void useAudit.getState().run({});
  }, []);
  return (
    <section aria-labelledby="audit-h">
      <h1 id="audit-h">{t.auditHeading}</h1>
      <Loaded load={load} retry={() => void useAudit.getState().again()}>
        {(page) =>
          page.items.length === 0 ? (
            <p>{t.noAudit}</p>
          ) : (
            <table className="audit">
              <thead>
                <tr>
                  <th scope="col">{t.colWhen}</th>
                  <th scope="col">{t.who}</th>
                  <th scope="col">{t.what}</th>
                  <th scope="col">{t.leadId}</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((e) => (
                  <tr key={e.id}>
                    <td data-label={t.colWhen}>{when(e.at, locale)}</td>
                    <td data-label={t.who} className="email">
                      {e.actor}
                    </td>
                    <td data-label={t.what}>{t.auditActions[e.action] ?? e.action}</td>
                    <td data-label={t.leadId}>{e.leadId ? <a href={routeHref({ view: 'lead', id: e.leadId })}>{e.leadId}</a> : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </section>
  );
}
