import { useEffect, useRef, useState } from 'react';
import { parseRoute, routeHref, type Route } from './route';
import { useAnnounce } from './store/announce';
import { useLead } from './store/lead';
import { useLeads } from './store/leads';
import { useLocale, useMessages } from './store/locale';
import { useMe } from './store/views';
import { AuditView } from './views/Audit';
import { CatalogueView } from './views/Catalogue';
import { FunnelView } from './views/Funnel';
import { LeadView } from './views/Lead';
import { LeadsView } from './views/Leads';

/** How often an open panel asks for news: one query per interval, for the view on screen. */
export const POLL_MS = 10_000;
/** Where 'Cerrar sesión' posts (the server ends the session and shows the sign-in form). */
export const LOGOUT_PATH = '/panel/logout';

/** The route of the page's hash, following its changes. */
function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return route;
}

/**
 * After a change of view (not on the first), focus moves to the main part, so a keyboard or
 * screen-reader user starts reading the new view rather than staying on a link that is gone.
 */
function useFocusOnViewChange(route: Route): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus();
  }, [route]);
}

/** Polls the view on screen: the list's first page, or the open lead. */
function usePoll(route: Route): void {
  useEffect(() => {
    if (route.view !== 'leads' && route.view !== 'lead') return;
    const tick = () => {
      if (document.visibilityState === 'hidden') return;
      void (route.view === 'leads' ? useLeads.getState().poll() : useLead.getState().refresh());
    };
    const timer = setInterval(tick, POLL_MS);
    return () => clearInterval(timer);
  }, [route]);
}

const NAV: { view: 'leads' | 'funnel' | 'catalogue' | 'audit'; key: 'navLeads' | 'navFunnel' | 'navCatalogue' | 'navAudit' }[] = [
  { view: 'leads', key: 'navLeads' },
  { view: 'funnel', key: 'navFunnel' },
  { view: 'catalogue', key: 'navCatalogue' },
  { view: 'audit', key: 'navAudit' },
];

/** The panel: header with the sections, the view of the hash, and the live region. */
export function App() {
  const t = useMessages();
  const route = useRoute();
  const locale = useLocale((s) => s.locale);
  const setLocale = useLocale((s) => s.setLocale);
  const last = useAnnounce((s) => s.last);
  const me = useMe((s) => s.load);
  usePoll(route);
  useFocusOnViewChange(route);
  useEffect(() => {
    void useMe.getState().run({});
  }, []);
  useEffect(() => {
    document.title = `${t.title} · ${t[NAV.find((n) => n.view === (route.view === 'lead' ? 'leads' : route.view))!.key]}`;
  }, [route, t]);
  const current = route.view === 'lead' ? 'leads' : route.view;
  return (
    <>
      <a className="skip" href="#main">
        {t.skip}
      </a>
      <header className="top">
        <span className="brand">{t.title}</span>
        <nav aria-label={t.navLabel}>
          <ul>
            {NAV.map((n) => (
              <li key={n.view}>
                <a href={routeHref({ view: n.view })} aria-current={current === n.view ? 'page' : undefined}>
                  {t[n.key]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account">
          {me.status === 'ready' ? (
            <span className="who">
              <span className="sr-only">{t.signedInAs} </span>
              {me.data.email}
            </span>
          ) : null}
          <button type="button" className="link" lang={locale === 'es' ? 'en' : 'es'} onClick={() => setLocale(locale === 'es' ? 'en' : 'es')}>
            {t.language}
          </button>
          <form method="post" action={LOGOUT_PATH}>
            <button type="submit">{t.logout}</button>
          </form>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {route.view === 'leads' ? <LeadsView /> : null}
        {route.view === 'lead' ? <LeadView id={route.id} /> : null}
        {route.view === 'funnel' ? <FunnelView /> : null}
        {route.view === 'catalogue' ? <CatalogueView /> : null}
        {route.view === 'audit' ? <AuditView /> : null}
      </main>
      <div className={`announce ${last?.tone === 'error' ? 'is-error' : ''}`} role="status" aria-live="polite">
        {last ? <span key={last.seq}>{last.text}</span> : null}
      </div>
    </>
  );
}
