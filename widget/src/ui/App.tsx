/**
 * The overlay's components. They only render: every state change and side effect is a store
 * action (see ../store/store.ts).
 */
import { createElement, lazy, Suspense, useDeferredValue, useId, useState, type RefCallback } from 'react';
import { Toaster } from 'sonner';
import { fmt } from '../i18n';
import { colourTheme, onLeft } from '../store/config';
import { conversationMode, isDemo, type HelenaStore } from '../store/store';
import { panelFocus } from './focus';
import { activityOf, useHelena, useTexts } from './hooks';

// The assistant's Markdown is rendered by its own chunk, loaded with the first assistant message;
// until it is there (a moment, once), the message shows as the plain text it is.
const RichText = lazy(() => import('./markdown').then((m) => ({ default: (p: { text: string }) => m.renderMarkdown(createElement, p.text) })));

/** An assistant's message: its Markdown, safely (the visitor's lines stay plain text). */
function BotText({ text }: { text: string }) {
  return (
    <Suspense fallback={text}>
      <RichText text={text} />
    </Suspense>
  );
}

// The lazily loaded views are built from the React this chunk hands them.
const views = { h: createElement, useId, useHelena, useTexts, fmt, BotText };
// The dialogs live in the session chunk, loaded when one opens (a call's start does not need them).
let modals: Promise<import('../ui/modals').Modals> | undefined;
const loadModals = () => (modals ??= import('../session').then((m) => m.createModals(views)));
const EmailModal = lazy(() => loadModals().then((m) => ({ default: m.EmailModal })));
const TranscriptModal = lazy(() => loadModals().then((m) => ({ default: m.TranscriptModal })));
// The consent step, a chunk of its own: fetched as soon as an element with consent="required" shows.
let consent: Promise<import('./consent-step').ConsentView> | undefined;
const loadConsent = () => (consent ??= import('./consent-step').then((m) => m.createConsentStep(views)));
const ConsentStep = lazy(() => loadConsent().then((m) => ({ default: m.ConsentStep })));

export interface AppProps {
  store: HelenaStore;
  toasterId: string;
}


/** The microphone; struck through (`off`) on the mute toggle while muted. */
const ChatIcon = ({ off }: { off?: boolean }) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3z" />
    <path d="M19 11a7 7 0 0 1-14 0M12 18v3" />
    {off ? <path d="M4 4l16 16" /> : null}
  </svg>
);

export function App({ store, toasterId }: AppProps) {
  const t = useTexts(store);
  const visible = useHelena(store, (s) => s.visible);
  const showPanel = useHelena(store, (s) => (s.status !== 'inactive' || s.panelOpen) && !s.error && !s.minimised);
  const [focus] = useState(panelFocus);
  // The panel is rendered ahead, hidden, in a background render after the launcher's: a click
  // then only reveals it, its style and layout already done.
  const warm = useDeferredValue(true, false);
  const transcriptOpen = useHelena(store, (s) => s.transcriptOpen);
  const emailOpen = useHelena(store, (s) => s.emailOpen);
  const error = useHelena(store, (s) => s.error);
  const ready = useHelena(store, (s) => s.textsReady);
  const config = useHelena(store, (s) => s.config);
  // Fetched ahead, so that the step shows at once when needed (a failure meets the step itself).
  if (config.consent === 'required') loadConsent().catch(() => {});
  // Until the locale's texts are there, nothing (the facade keeps its placeholder meanwhile).
  if (!ready) return <div className="root" data-helena-root="" />;
  return (
    <div className="root" part="root" data-helena-root="">
      {visible ? (
        <>
          {showPanel || warm ? <Panel store={store} shown={showPanel} focusRef={focus.panel} /> : null}
          {showPanel ? null : <Launcher store={store} focusRef={focus.launcher} />}
        </>
      ) : null}
      <Suspense fallback={null}>
        {visible && transcriptOpen ? <TranscriptModal store={store} /> : null}
        {visible && emailOpen ? <EmailModal store={store} /> : null}
      </Suspense>
      <div className="sr-only" role="status" aria-live="assertive">
        {error ? fmt(t.errorPrefix, { msg: error }) : ''}
      </div>
      <Toaster
        id={toasterId}
        position={onLeft(config) ? 'top-left' : 'top-right'}
        theme={({ light: 'light', dark: 'dark', auto: 'system' } as const)[colourTheme(config)]}
        dir="ltr"
        richColors
        closeButton
        duration={4000}
        containerAriaLabel={t.notifications}
        toastOptions={{ closeButtonAriaLabel: t.close }}
      />
    </div>
  );
}

interface Focused {
  store: HelenaStore;
  focusRef: RefCallback<HTMLElement>;
}

/**
 * Until it is shown, the panel is laid out but invisible and inert (out of the accessibility tree,
 * the tab order and the pointer's reach); its focus ref is attached when it shows.
 */
interface PanelProps extends Focused {
  shown: boolean;
}

function Launcher({ store, focusRef }: Focused) {
  const t = useTexts(store);
  const name = useHelena(store, (s) => s.config.name);
  const minimised = useHelena(store, (s) => s.minimised);
  // A call goes on behind the launcher: it says so, and a click brings the panel back.
  const live = useHelena(store, (s) => s.minimised && s.status !== 'inactive');
  // Escape hides the tooltip until the pointer or focus leaves (it must be dismissible).
  const [tipOff, setTipOff] = useState(false);
  const label = fmt(live ? t.backToCall : t.talkTo, { name });
  const a = store.getState();
  return (
    <>
      <button
        type="button"
        className={live ? 'launcher live' : 'launcher'}
        part="button"
        aria-label={label}
        data-helena-launcher=""
        data-tip-off={tipOff || undefined}
        ref={focusRef}
        onClick={() => (minimised ? a.setMinimised(false) : void a.activate())}
        onKeyDown={(e) => e.key === 'Escape' && setTipOff(true)}
        onBlur={() => setTipOff(false)}
        onMouseLeave={() => setTipOff(false)}
      >
        <ChatIcon />
      </button>
      <span className="tip" part="tooltip" aria-hidden="true">
        {label}
      </span>
    </>
  );
}

const HIDDEN = { visibility: 'hidden' } as const;

function Panel({ store, focusRef, shown }: PanelProps) {
  const t = useTexts(store);
  const headingId = useId();
  const config = useHelena(store, (s) => s.config);
  const status = useHelena(store, (s) => s.status);
  const expanded = useHelena(store, (s) => s.expanded);
  const ended = useHelena(store, (s) => s.ended);
  const consent = useHelena(store, (s) => s.consent);
  const a = store.getState();
  const title = fmt(t.panelTitle, { chatLabel: config.chatLabel, name: config.name });
  return (
    <section
      className={expanded ? 'panel expanded' : 'panel'}
      part={expanded ? 'panel panel-expanded' : 'panel'}
      aria-labelledby={headingId}
      data-status={status}
      ref={shown ? focusRef : undefined}
      inert={!shown}
      style={shown ? undefined : HIDDEN}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        // During a call Escape only tucks the panel away; the call goes on.
        if (status === 'inactive') a.closePanel();
        else a.setMinimised(true);
      }}
    >
      <div className="header" part="header">
        <div style={{ flex: 1, minWidth: 0 }}>
          <h2 className="title" id={headingId} part="title">
            {title}
          </h2>
          {isDemo(config) ? (
            <span className="badge" part="demo-badge">
              {t.demo}
            </span>
          ) : null}
        </div>
        <Volume store={store} />
        {status === 'active' ? <MuteButton store={store} /> : null}
        <button
          type="button"
          className="icon-btn"
          part="icon-button"
          aria-label={expanded ? t.shrink : t.expand}
          title={expanded ? t.shrink : t.expand}
          aria-pressed={expanded}
          onClick={a.toggleExpanded}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {expanded ? <path d="M9 4v5H4M15 20v-5h5" /> : <path d="M4 9V4h5M20 15v5h-5" />}
          </svg>
        </button>
        {status === 'inactive' ? (
          <button type="button" className="icon-btn" part="icon-button close" aria-label={t.closeChat} title={t.closeChat} onClick={a.closePanel}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        ) : null}
      </div>
      {consent ? (
        // Until the visitor answers, the consent step stands in for the conversation.
        <Suspense fallback={null}>
          <ConsentStep store={store} />
        </Suspense>
      ) : (
        <>
          <div className="body">
            <Messages store={store} />
            <SpeakingStatus store={store} />
            {ended && status === 'inactive' ? (
              <div className="ended" part="ended">
                <p>{t.callEnded}</p>
                <button type="button" className="btn primary" part="action" onClick={() => void a.newConversation()}>
                  {t.startNew}
                </button>
              </div>
            ) : null}
          </div>
          <div className="actions" part="actions">
            <button type="button" className="btn" part="action" aria-haspopup="dialog" onClick={a.openTranscript}>
              {t.viewTranscript}
            </button>
            {status === 'active' ? (
              <button type="button" className="btn danger" part="action end-call" onClick={() => void a.stopCall()}>
                {t.endCall}
              </button>
            ) : status === 'inactive' ? (
              <button type="button" className="btn primary" part="action" onClick={() => void a.newConversation()}>
                {t.newConversation}
              </button>
            ) : null}
          </div>
          <Composer store={store} />
        </>
      )}
    </section>
  );
}

/** The microphone of the live call: a toggle, named for what a press does. */
function MuteButton({ store }: { store: HelenaStore }) {
  const t = useTexts(store);
  const muted = useHelena(store, (s) => s.muted);
  const label = muted ? t.unmute : t.mute;
  return (
    <button type="button" className="icon-btn" part="icon-button mute" aria-label={label} title={label} aria-pressed={muted} onClick={store.getState().toggleMute}>
      <ChatIcon off={muted} />
    </button>
  );
}

function Volume({ store }: { store: HelenaStore }) {
  const volume = useHelena(store, (s) => s.volume);
  const active = useHelena(store, (s) => s.status === 'active');
  if (!active) return null;
  const weights = [0.55, 0.85, 1, 0.85, 0.55];
  return (
    <div className="volume" part="volume" aria-hidden="true" data-volume={volume.toFixed(2)}>
      {weights.map((w, i) => (
        <span key={i} style={{ transform: `scaleY(${(0.15 + 0.85 * Math.min(1, volume * w * 1.4)).toFixed(3)})` }} />
      ))}
    </div>
  );
}

function Messages({ store }: { store: HelenaStore }) {
  const t = useTexts(store);
  const messages = useHelena(store, (s) => s.messages);
  const status = useHelena(store, (s) => s.status);
  const name = useHelena(store, (s) => s.config.name);
  return (
    <div className="log" role="log" aria-live="polite" aria-label={t.messages} part="messages" ref={store.getState().registerLog} tabIndex={0}>
      {messages.length === 0 ? (
        <p className="empty">{status === 'loading' ? fmt(t.connecting, { name }) : t.waiting}</p>
      ) : (
        <ul>
          {messages.map((m) => (
            <li
              key={m.id}
              className={`msg ${m.role}${m.isFinal ? '' : ' partial'}`}
              part={`message message-${m.role}`}
              data-final={m.isFinal ? 'true' : 'false'}
            >
              <span className="sr-only">{m.role === 'bot' ? name : t.you}: </span>
              {m.role === 'bot' ? <BotText text={m.message} /> : m.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SpeakingStatus({ store }: { store: HelenaStore }) {
  const t = useTexts(store);
  const name = useHelena(store, (s) => s.config.name);
  const activity = useHelena(store, activityOf);
  const muted = useHelena(store, (s) => s.muted);
  // While muted the line says so, whatever else goes on: the visitor must know they are not heard.
  const text = muted ? t.muted : activity === 'idle' ? '' : fmt(activity === 'listening' ? t.listening : t.processing, { name });
  return (
    <div className={`status ${muted ? 'muted' : activity}`} part="speaking" data-activity={activity} data-muted={muted || undefined}>
      {muted ? (
        <span>{text}</span>
      ) : text ? (
        <>
          <span className="ind" aria-hidden="true">
            <i />
            <i />
            <i />
          </span>
          <span>{text}</span>
        </>
      ) : null}
    </div>
  );
}

function Composer({ store }: { store: HelenaStore }) {
  const t = useTexts(store);
  const draft = useHelena(store, (s) => s.draft);
  // The call button: after a call or a typed chat, voice starts again here (never in chat mode).
  const call = useHelena(store, (s) => s.status === 'inactive' && conversationMode(s.config) !== 'chat');
  const talk = fmt(t.talkTo, { name: useHelena(store, (s) => s.config.name) });
  const a = store.getState();
  return (
    <form
      className="composer"
      part="composer"
      onSubmit={(e) => {
        e.preventDefault();
        void a.sendText();
      }}
    >
      <input
        className="field"
        part="input"
        type="text"
        value={draft}
        aria-label={t.typePlaceholder}
        placeholder={t.typePlaceholder}
        autoComplete="off"
        onChange={(e) => a.setDraft(e.currentTarget.value)}
      />
      <button type="submit" className="btn primary" part="send" style={{ flex: '0 0 auto' }}>
        {t.send}
      </button>
      {call ? (
        <button
          type="button"
          className="icon-btn"
          part="call-button"
          aria-label={talk}
          title={talk}
          onClick={(e) => {
            // The button goes once the call starts: the message box keeps the focus.
            (e.currentTarget.form?.elements[0] as HTMLElement | undefined)?.focus();
            void a.startCall();
          }}
        >
          <ChatIcon />
        </button>
      ) : null}
    </form>
  );
}
