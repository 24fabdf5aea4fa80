import { create } from 'zustand';

/** What an action's result tells the owner: the server's answer, said in the live region. */
export interface Announcement {
  text: string;
  tone: 'ok' | 'error';
  /** Grows with each announcement, so the same words said twice are read twice. */
  seq: number;
}

interface AnnounceStore {
  last: Announcement | null;
  say: (text: string, tone?: Announcement['tone']) => void;
}

/** The panel's one polite live region. */
export const useAnnounce = create<AnnounceStore>((set, get) => ({
  last: null,
  say: (text, tone = 'ok') => set({ last: { text, tone, seq: (get().last?.seq ?? 0) + 1 } }),
}));
