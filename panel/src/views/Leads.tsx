import { useEffect, useState, type FormEvent } from 'react';
import { csvHref, LEAD_STATES, type LeadFilters } from '../leads';
import { when } from '../format';
import { routeHref } from '../route';
import { useLeads, type LeadRow } from '../store/leads';
import { useLocale, useMessages } from '../store/locale';
import { Loaded } from './Loaded';
import { StateBadge, OutcomeBadge, TotalWithMonthly } from './badges';

/** The filters form: applied on submit, so typing does not query on every key. */
function Filters() {
  const t = useMessages();
  const applied = useLeads((s) => s.filters);
  const [draft, setDraft] = useState<LeadFilters>(applied);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useLeads.getState().setFilters(draft);
  };
  return (
    <form className="filters" role="search" onSubmit={submit}>
      <label>
        {t.search}
        <input type="search" value={draft.search} placeholder={t.searchHint} onChange={(e) => setDraft({ ...draft, search: e.target.value })} />
      </label>
      <label>
        {t.state}
        <select value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value as LeadFilters['state'] })}>
          <option value="">{t.anyState}</option>
          {LEAD_STATES.map((s) => (
            <option key={s} value={s}>
              {t[`state.${s}`]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.from}
        <input type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
      </label>
      <label>
        {t.to}
        <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
      </label>
      <button type="submit">{t.apply}</button>
      <a className="button secondary" href={csvHref(applied)} download>
        {t.csv}
      </a>
    </form>
  );
}

/** One lead as a card (a table at desktop width, cards at a phone's through CSS). */
function Row({ lead }: { lead: LeadRow }) {
  const t = useMessages();
  const locale = useLocale((s) => s.locale);
  return (
    <tr>
      <th scope="row" data-label={t.colName}>
        <a href={routeHref({ view: 'lead', id: lead.id })}>{lead.name || lead.email}</a>
      </th>
      <td data-label={t.colCompany}>{lead.company}</td>
      <td data-label={t.colEmail} className="email">
        {lead.email}
      </td>
      <td data-label={t.colWhen}>{when(lead.createdAt, locale)}</td>
      <td data-label={t.colItems}>{lead.items.join(', ')}</td>
      <td data-label={t.colTotal} className="num">
        {lead.total === null ? '–' : <TotalWithMonthly total={lead.total} monthly={lead.monthly ?? 0} />}
      </td>
      <td data-label={t.colState}>
        <StateBadge state={lead.state} />
      </td>
      <td data-label={t.colOutcome}>
        <OutcomeBadge outcome={lead.outcome} />
      </td>
    </tr>
  );
}

/** The leads, newest first, with their filters, the CSV link and "load more". */
export function LeadsView() {
  const t = useMessages();
  const list = useLeads((s) => s.list);
  const more = useLeads((s) => s.more);
  useEffect(() => {
    if (useLeads.getState().list.status === 'idle') void useLeads.getState().load();
  }, []);
  return (
    <section aria-labelledby="leads-h">
      <h1 id="leads-h">{t.leadsHeading}</h1>
      <Filters />
      <Loaded load={list} retry={() => void useLeads.getState().load()}>
        {(data) =>
          data.items.length === 0 ? (
            <p>{t.noLeads}</p>
          ) : (
            <>
              <table className="leads">
                <thead>
                  <tr>
                    <th scope="col">{t.colName}</th>
                    <th scope="col">{t.colCompany}</th>
                    <th scope="col">{t.colEmail}</th>
                    <th scope="col">{t.colWhen}</th>
                    <th scope="col">{t.colItems}</th>
                    <th scope="col">{t.colTotal}</th>
                    <th scope="col">{t.colState}</th>
                    <th scope="col">{t.colOutcome}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((lead) => (
                    <Row key={lead.id} lead={lead} />
                  ))}
                </tbody>
              </table>
              {more.status === 'error' ? (
                <p className="error" role="alert">
                  {t.loadFailed}
                  {more.error}
                </p>
              ) : null}
              {data.nextCursor ? (
                <button type="button" className="more" disabled={more.status === 'loading'} onClick={() => void useLeads.getState().loadMore()}>
                  {more.status === 'loading' ? t.loading : t.loadMore}
                </button>
              ) : null}
            </>
          )
        }
      </Loaded>
    </section>
  );
}
