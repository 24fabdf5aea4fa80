import { useEffect, useRef, useState, type ReactNode } from 'react';
import { minSec, when } from '../format';
import { routeHref } from '../route';
import { useLead, type LeadDetail, type Outcome } from '../store/lead';
import { useLeads } from '../store/leads';
import { useLocale, useMessages } from '../store/locale';
import { OutcomeBadge, StateBadge, TotalWithMonthly } from './badges';
import { Loaded } from './Loaded';

/** A titled part of the lead's page. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="part" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** `items` as a plain list, one `render` each, or 'Nada todavía.' when there are none. */
function Listed<T>({ items, render }: { items: readonly T[]; render: (item: T) => ReactNode }) {
  const t = useMessages();
  if (items.length === 0) return <p>{t.none}</p>;
  return (
    <ul className="plain">
      {items.map((item, i) => (
        <li key={i}>{render(item)}</li>
      ))}
    </ul>
  );
}

/** 'Ganada' / 'Perdida' with a note, resend, export and erase; each says what the server answered. */
function Actions({ lead }: { lead: LeadDetail }) {
  const t = useMessages();
  const action = useLead((s) => s.action);
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const busy = action.status === 'working';
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const mark = (outcome: Outcome) => void useLead.getState().setOutcome(outcome, note, t.outcomeSaved(t[`outcome.${outcome}`]));
  const erase = async () => {
    if (await useLead.getState().erase(lead.email, t.erased)) {
      await useLeads.getState().load();
      window.location.hash = routeHref({ view: 'leads' });
    }
  };
  return (
    <Part id="actions-h" title={t.actions}>
      <div className="actions">
        <label className="note">
          {t.note}
          <textarea value={note} maxLength={1000} rows={2} onChange={(e) => setNote(e.target.value)} />
        </label>
        <div className="row">
          <button type="button" disabled={busy} aria-pressed={lead.outcome === 'ganada'} onClick={() => mark('ganada')}>
            {t.won}
          </button>
          <button type="button" disabled={busy} aria-pressed={lead.outcome === 'perdida'} onClick={() => mark('perdida')}>
            {t.lost}
          </button>
        </div>
        <div className="row">
          <button type="button" className="secondary" disabled={busy} onClick={() => void useLead.getState().resend()}>
            {t.resend}
          </button>
          <button type="button" className="secondary" disabled={busy} onClick={() => void useLead.getState().exportData(t.exported)}>
            {t.exportData}
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>
            {t.erase}
          </button>
        </div>
        {confirming ? (
          <div className="confirm" role="alertdialog" aria-labelledby="erase-q">
            <p id="erase-q">{t.eraseConfirm(lead.email)}</p>
            <div className="row">
              <button type="button" className="danger" ref={confirmRef} disabled={busy} onClick={() => void erase()}>
                {t.eraseYes(lead.email)}
              </button>
              <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                {t.cancel}
              </button>
            </div>
          </div>
        ) : null}
        <p className={`result ${action.status === 'failed' ? 'error' : ''}`}>
          {action.status === 'working' ? t.working : action.status === 'done' || action.status === 'failed' ? action.message : ''}
        </p>
      </div>
    </Part>
  );
}

/** Everything about one lead, and the owner's actions on it. */
function LeadPage({ lead }: { lead: LeadDetail }) {
  const t = useMessages();
  const locale = useLocale((s) => s.locale);
  return (
    <>
      <h1 id="lead-h">
        {lead.name || lead.email} <StateBadge state={lead.state} /> <OutcomeBadge outcome={lead.outcome} />
      </h1>
      <div className="lead-grid">
        <div>
          <Part id="contact-h" title={t.contact}>
            <dl className="pairs">
              <dt>{t.colEmail}</dt>
              <dd className="email">{lead.email}</dd>
              <dt>{t.colCompany}</dt>
              <dd>{lead.company || '–'}</dd>
              <dt>{t.cargo}</dt>
              <dd>{lead.cargo || '–'}</dd>
              <dt>{t.colWhen}</dt>
              <dd>{when(lead.createdAt, locale)}</dd>
              {lead.outcomeNote ? (
                <>
                  <dt>{t.outcomeNote}</dt>
                  <dd>{lead.outcomeNote}</dd>
                </>
              ) : null}
            </dl>
          </Part>
          <Actions lead={lead} />
          <Part id="summary-h" title={t.summary}>
            <p>{lead.summary || t.none}</p>
          </Part>
          <Part id="chosen-h" title={t.chosen}>
            <Listed
              items={lead.chosen}
              render={(c) => (
                <>
                  <strong>{c.item}</strong>: <q>{c.quote}</q>
                </>
              )}
            />
          </Part>
          <Part id="conversation-h" title={t.conversation}>
            {lead.conversation.length ? (
              <ol className="transcript">
                {lead.conversation.map((line, i) => (
                  <li key={i} className={`line ${line.role}`}>
                    <span className="time">{line.atMs === null ? '–' : minSec(line.atMs)}</span>{' '}
                    <span className="who">{line.role === 'visitor' ? t.speakerVisitor : t.speakerAssistant}:</span> <span>{line.text}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p>{t.noConversation}</p>
            )}
          </Part>
        </div>
        <div>
          <Part id="proposals-h" title={t.proposals}>
            <Listed
              items={lead.proposals}
              render={(p) => (
                <>
                  {t.version} {p.version} · {when(p.createdAt, locale)} · <TotalWithMonthly total={p.total} monthly={p.monthly} />
                  {p.pdfUrl ? (
                    <>
                      {' · '}
                      <a href={p.pdfUrl}>
                        {t.pdf} <span className="sr-only">{`${t.version} ${p.version}`}</span>
                      </a>
                    </>
                  ) : null}
                </>
              )}
            />
          </Part>
          <Part id="acceptance-h" title={t.acceptance}>
            <p>{lead.acceptance ? t.acceptedBy(lead.acceptance.name, lead.acceptance.version, when(lead.acceptance.at, locale)) : t.notAccepted}</p>
          </Part>
          <Part id="mails-h" title={t.mails}>
            <Listed
              items={lead.mails}
              render={(m) => (
                <>
                  {m.subject} · {when(m.createdAt, locale)} · <span className="badge">{t.delivery[m.status] ?? m.status}</span>
                </>
              )}
            />
          </Part>
          <Part id="webhooks-h" title={t.webhooks}>
            <Listed
              items={lead.webhooks}
              render={(w) => (
                <>
                  {w.event} · {when(w.createdAt, locale)} · <span className="badge">{t.delivery[w.status] ?? w.status}</span>
                </>
              )}
            />
          </Part>
          <Part id="timeline-h" title={t.timeline}>
            <ol className="timeline">
              {lead.timeline.map((e, i) => (
                <li key={i}>
                  <time dateTime={e.at}>{when(e.at, locale)}</time> {t.events[e.what]}
                  {e.detail ? <span className="muted"> · {e.what === 'outcome' ? t[`outcome.${e.detail as 'ganada' | 'perdida'}`] : e.detail}</span> : null}
                </li>
              ))}
            </ol>
          </Part>
        </div>
      </div>
    </>
  );
}

/** The lead of the route. */
export function LeadView({ id }: { id: string }) {
  const t = useMessages();
  const lead = useLead((s) => s.lead);
  useEffect(() => {
    void useLead.getState().open(id);
  }, [id]);
  return (
    <article aria-labelledby="lead-h">
      <p>
        <a href={routeHref({ view: 'leads' })}>← {t.back}</a>
      </p>
      <Loaded load={lead} retry={() => void useLead.getState().refresh()}>
        {(data) => <LeadPage lead={data} />}
      </Loaded>
    </article>
  );
}
