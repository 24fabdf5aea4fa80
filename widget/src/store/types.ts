/**
 * The widget store's types: its state by slice (config, panel, call, conversation, form), its
 * dependencies, and what the lazily loaded modules give it. Types only: nothing here runs.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { Locale, Texts } from '../i18n';
import type { LeadApi, LeadApiFactory } from '../rpc/types';
import type { VoiceFactory } from '../voice/types';
import type { Lazy } from './lazy';

export type CallStatus = 'inactive' | 'loading' | 'active';

/** The store's timers, by what they are for. */
export type TimerKey = 'scroll' | 'speaking' | 'rescan' | 'modalAutoHide' | 'modalClose';

/**
 * How the visitor talks. `hybrid` (the default): opening the panel starts a call, as the original
 * widget did, and a line typed while no call is live goes to a text chat, which the call button
 * continues by voice. `voice`: calls only; a typed line with no call live starts one. `chat`: text
 * only, no call button.
 */
export type ConversationMode = 'voice' | 'chat' | 'hybrid';


export interface ChatMessage {
  id: string;
  role: 'bot' | 'user';
  message: string;
  /** ISO timestamp. */
  time: string;
  isFinal: boolean;
  /**
   * Shown by the tab's earlier page before its final transcript came: the rejoined call may still
   * send the rest of it, which settles this line instead of repeating it (./carried-line.ts).
   */
  carried?: boolean;
}

export interface HelenaConfig {
  name: string;
  company: string;
  chatLabel: string;
  publicKey?: string;
  assistantId?: string;
  apiUrl: string;
  locale: Locale;
  showOn?: string;
  mode?: string;
  /** `light` (default), `dark` or `auto` (the visitor's colour scheme); anything else is light. */
  theme?: string;
  /** `bottom-right` (default) or `bottom-left`; anything else is bottom-right. */
  position?: string;
  /** `required`: the visitor's consent before the first call or chat (any other value: none asked). */
  consent?: string;
  /** The consent step's text instead of the default one. */
  consentText?: string;
  /** The version of the consent text: an answer given to another version is asked again. */
  consentVersion?: string;
  /** The site's privacy policy, linked from the consent step and the email form (http/https only). */
  privacyUrl?: string;
}

export interface EmailForm {
  email: string;
  name: string;
  cargo: string;
  company: string;
  /** Honeypot: hidden from people, left empty. */
  website: string;
}

/** The element's attributes, where it shows, and its lifecycle in the page. */
export interface ConfigSlice {
  config: HelenaConfig;
  /** `show-on` matches the current path. */
  visible: boolean;
  /** The texts of the configured locale are loaded (English is a small lazy chunk). */
  textsReady: boolean;
  configure: (partial: Partial<HelenaConfig>) => void;
  attach: () => void;
  detach: () => void;
}

/** The launcher, the panel and the transcript dialog. */
export interface PanelSlice {
  panelOpen: boolean;
  expanded: boolean;
  /** The panel is hidden behind the launcher while its call goes on (Escape during a call). */
  minimised: boolean;
  transcriptOpen: boolean;
  /** Opens the panel (click, `open()`, `toggleHelenaChat`) and, unless in chat mode, starts a call. */
  activate: () => Promise<void>;
  closePanel: () => void;
  toggleExpanded: () => void;
  /** Hides the panel behind the launcher (true) or shows it again (false); the call is untouched. */
  setMinimised: (minimised: boolean) => void;
  openTranscript: () => void;
  closeTranscript: () => void;
  /** Ref callback for the message list; the store scrolls it 10 ms after a new message. */
  registerLog: (el: HTMLElement | null) => void;
}

/** The voice call, as the original widget's status shows it (./call.ts runs it). */
export interface CallSlice {
  status: CallStatus;
  error: string | null;
  /** The call ended: the notice and 'Iniciar nueva conversación' are shown. */
  ended: boolean;
  /** The assistant is talking (partial assistant transcript; off 500 ms after the final one). */
  speaking: boolean;
  /** The visitor is talking (partial user transcript). */
  listening: boolean;
  volume: number;
  /** The visitor's microphone is muted in the live call (false again when the call ends). */
  muted: boolean;
  /** Mutes or unmutes the microphone of the live call. */
  toggleMute: () => void;
  toggleCall: () => Promise<void>;
  startCall: () => Promise<void>;
  stopCall: () => Promise<void>;
}

/** The conversation's lines, typed or spoken, and the text chat (./chat.ts runs it). */
export interface ConversationSlice {
  messages: ChatMessage[];
  /** A typed line is with the assistant (text chat) and its answer has not come yet. */
  replying: boolean;
  draft: string;
  setDraft: (value: string) => void;
  sendText: (text?: string) => Promise<void>;
  newConversation: () => Promise<void>;
  /** Looks through the visitor's lines for an address (after the panel opens). */
  rescan: () => Promise<void>;
}

/** The email form (./email-prompt.ts opens it, ./lead.ts submits it). */
export interface FormSlice {
  emailOpen: boolean;
  form: EmailForm;
  /** The form's address is not an address: an inline message, nothing sent or stored. */
  emailInvalid: boolean;
  submitting: boolean;
  saved: boolean;
  openEmailModal: (prefill?: string) => void;
  closeEmailModal: () => void;
  setField: (field: keyof EmailForm, value: string) => void;
  submitLead: () => Promise<void>;
}

/**
 * The consent step (consent="required"), shown in the panel instead of the conversation until the
 * visitor answers (./consent.ts).
 */
export interface ConsentSlice {
  /** `ask`: the question; `declined`: the answer was no, with a way back to the question; null: not shown. */
  consent: 'ask' | 'declined' | null;
  /** The visitor's answer: remembered, told to the page, and on yes what they asked for goes ahead. */
  answerConsent: (accepted: boolean) => void;
  /** Back from the declined message to the question. */
  reviewConsent: () => void;
}

/** One element's whole state: its slices. */
export type HelenaState = ConfigSlice & PanelSlice & CallSlice & ConversationSlice & FormSlice & ConsentSlice;

export interface ToastApi {
  success: (message: string) => void;
  error: (message: string) => void;
  dismiss?: () => void;
}

export interface StoreDeps {
  /** Where `helena:*` events are dispatched (the outer `<helena-assistant>`). */
  host?: () => EventTarget | null | undefined;
  /** The window whose events (`toggleHelenaChat`, `correoDetectado`) and location are used. */
  win?: Window | null;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** The tab's storage (sessionStorage by default): the conversation survives a reload in it. */
  tabStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  loadVoice?: VoiceFactory;
  loadApi?: LeadApiFactory;
  loadSession?: () => Promise<SessionModule>;
  loadCall?: () => Promise<{ createCallController(kit: StoreKit): CallController }>;
  loadChat?: () => Promise<{ createChatController(kit: StoreKit): ChatController }>;
  toast?: ToastApi;
  /** Resolves once the frame a click caused is painted (default: the next frame, then a task). */
  afterPaint?: () => Promise<void>;
  now?: () => number;
  log?: (...args: unknown[]) => void;
}

export type HelenaStore = StoreApi<HelenaState>;

/** What resuming a tab's conversation uses of the store's environment. */
export interface TabEnvironment {
  tab: NonNullable<StoreDeps['tabStorage']> | null;
  storage: NonNullable<StoreDeps['storage']> | null;
  log: (...args: unknown[]) => void;
}

/** The session chunk's exports the store uses (see ../session.ts). */
export interface SessionModule {
  restoredConversation: (saved: string | null) => ChatMessage[];
  resumeTab: (saved: string, store: HelenaStore, env: TabEnvironment, parts: Pick<StoreParts, 'calls'>, callIdKey: string) => void;
  submitLead: (kit: StoreKit) => Promise<void>;
}


/**
 * What the store lends the parts it loads lazily (the call controller, the text chat, the form's
 * submit, the email prompt): its state, its texts and its side effects, built once in store.ts.
 * Each part reads the members it needs from this one object; none has a context of its own.
 */
export interface StoreKit {
  get(): HelenaState;
  set(partial: Partial<HelenaState>): void;
  texts(): Texts;
  demo(config: HelenaConfig): boolean;
  api(): Promise<LeadApi>;
  loadVoice: VoiceFactory;
  toast: ToastApi;
  /** A `helena:*` event on the host element. */
  emit(type: string, detail: unknown): void;
  later(key: TimerKey, ms: number, fn: () => void): void;
  cancel(key: TimerKey): void;
  /** Local storage (the seed's keys), failures ignored. */
  storeSet(key: string, value: string): void;
  /** The tab's own storage (sessionStorage), or null when the page has none. */
  tab: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  now(): number;
  pageUrl(): string | undefined;
  log(...args: unknown[]): void;
  /** The window whose events and location the element uses. */
  win: Window | null;
  /** Resolves once the frame a click caused is painted: a call's start waits for it. */
  afterPaint(): Promise<void>;
  /** Adds a line to the conversation, scrolled into view. */
  append(role: ChatMessage['role'], message: string, isFinal?: boolean): ChatMessage;
  scroll(): void;
  /** An error ends the call: inactive, the message kept, said in the chat and to the page. */
  fail(message: string, source: string): void;
  /** Looks for the visitor's address in a line of theirs; a new one opens the form. */
  scanText(text: string): void;
  /** Typed lines waiting for the call to be live. */
  takePending(): string[];
  /** Our vapi_call row for the conversation's last channel (call or chat): its id and token. */
  vapiCallRow(): Promise<{ id: string; token: string } | undefined>;
  /** Tells the assistant, on the live call or in the chat, what the page did: false when no conversation heard it. */
  note(text: string): Promise<boolean>;
  /**
   * True when the visitor's consent is required and not given for this version: the consent step
   * is shown and `then` (what the visitor asked for) runs once they accept. False: go ahead.
   */
  needsConsent(then: () => unknown): boolean;
}

// ── the lazily loaded parts: what the store calls on them ───────────────────────────────────

/** The voice call (./call.ts). */
export interface CallController {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Joins again the call an earlier page of this tab left live (reload, navigation), if it can. */
  rejoin(): Promise<void>;
  deliver(text: string): void;
  /** Mutes (true) or unmutes the live call's microphone; resolves the state the client reports. */
  setMuted(muted: boolean): boolean;
  /** Tells the assistant something the page knows (a system message); the visitor does not see it. False: no live call heard it. */
  note(text: string): boolean;
  /** Our vapi_call row for the current conversation, once created: its id and capability token. */
  row(): Promise<{ id: string; token: string } | undefined>;
}

/** The text chat (./chat.ts). */
export interface ChatController {
  /** Sends the visitor's line and shows the answer as it arrives. */
  send(text: string): Promise<void>;
  /** Tells the assistant something the page knows (a system message); its answer is shown. False: no chat to tell. */
  note(text: string): Promise<boolean>;
  /** Our vapi_call row for this chat, once the platform has given it a session. */
  row(): Promise<{ id: string; token: string } | undefined>;
  /** Ends this chat (its row is closed); the next line starts a new one. */
  reset(): Promise<void>;
}

/** The email form's prompt (./email-prompt.ts, a chunk of its own, loaded at the first line scanned). */
export interface EmailPrompt {
  /** Looks for the visitor's address in `text`; a new one opens the form and, if `announce`, is announced. */
  scan(text: string, announce: boolean): boolean;
  /** The host page's `correoDetectado`: its first real address opens the form for 10 s. */
  onEvent(event: Event): void;
  /** A new conversation: every address may prompt again. */
  clear(): void;
}

/**
 * The lazily loaded parts as the slices reach them, and the little the slices share about them:
 * built once per store (./kit.ts).
 */
export interface StoreParts {
  /** The call controller, loaded with the voice client at the first call. */
  calls: Lazy<CallController>;
  /** The text chat, loaded at the first line typed with no call live. */
  chats: Lazy<ChatController>;
  /** The email prompt, loaded at the first line scanned or address announced. */
  prompt: Lazy<EmailPrompt>;
  /** The session chunk: dialogs, the lead submit, the conversation restore. */
  session: Lazy<SessionModule>;
  /** Which channel the conversation went through last: its row is the one a proposal is about. */
  channel: 'call' | 'chat';
  /** Typed lines waiting for the call to be live. */
  pending: string[];
  /** Looks through a line for the visitor's address; resolves whether a new one opened the form. */
  scan(text: string, announce: boolean): Promise<boolean>;
  /** Clears every timer of the store (the element left the page). */
  clearTimers(): void;
}
