import { create } from 'zustand';
import { IDLE, nextLoad, type Load } from '../load';
import { rpc, type PanelOutputs } from '../rpc';
import { useAnnounce } from './announce';
import { failure } from './session';
import { messages } from './locale';

/** A lead with everything the panel shows about it. */
export type LeadDetail = PanelOutputs['leads']['get'];
/** The owner's verdict on a lead. */
export type Outcome = 'ganada' | 'perdida';

/** Which action runs, or ran last, and how it ended (the server's words). */
export type ActionState =
  | { status: 'idle' }
  | { status: 'working'; action: ActionName }
  | { status: 'done'; action: ActionName; message: string }
  | { status: 'failed'; action: ActionName; message: string };
/** The owner's actions on a lead. */
export type ActionName = 'outcome' | 'resend' | 'export' | 'erase';

interface LeadStore {
  id: string | null;
  lead: Load<LeadDetail>;
  action: ActionState;
  /** Opens a lead (loads it unless it is the one shown). */
  open: (id: string) => Promise<void>;
  /** Loads the open lead again (the poll, and after each action). */
  refresh: () => Promise<void>;
  setOutcome: (outcome: Outcome, note: string, said: string) => Promise<void>;
  resend: () => Promise<void>;
  /** Downloads the person's data as a JSON file. */
  exportData: (said: string) => Promise<void>;
  /** Erases the person (the server checks the confirmed address); resolves true when it did. */
  erase: (confirmEmail: string, said: string) => Promise<boolean>;
}

/** Saves `data` as a file through the browser's download. */
export function download(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The open lead and the owner's actions on it. */
export const useLead = create<LeadStore>((set, get) => {
  /** Runs one action: one at a time, its outcome announced and kept for the view. */
  const act = async (action: ActionName, run: () => Promise<string>): Promise<boolean> => {
    if (get().action.status === 'working') return false;
    set({ action: { status: 'working', action } });
    try {
      const message = await run();
      set({ action: { status: 'done', action, message } });
      useAnnounce.getState().say(message);
      return true;
    } catch (err) {
      const message = failure(err);
      set({ action: { status: 'failed', action, message } });
      useAnnounce.getState().say(message, 'error');
      return false;
    }
  };
  return {
    id: null,
    lead: IDLE,
    action: { status: 'idle' },
    open: async (id) => {
      if (get().id === id && get().lead.status !== 'idle') return;
      set({ id, lead: IDLE, action: { status: 'idle' } });
      await get().refresh();
    },
    refresh: async () => {
      const id = get().id;
      if (!id) return;
      set((s) => ({ lead: nextLoad(s.lead, { type: 'start' }) }));
      try {
        const lead = await rpc.leads.get.query({ id });
        if (get().id === id) set((s) => ({ lead: nextLoad(s.lead, { type: 'done', data: lead }) }));
      } catch (err) {
        if (get().id === id) set((s) => ({ lead: nextLoad(s.lead, { type: 'fail', error: failure(err) }) }));
      }
    },
    setOutcome: async (outcome, note, said) => {
      const id = get().id;
      if (!id) return;
      await act('outcome', async () => {
        await rpc.leads.setOutcome.mutate({ id, outcome, ...(note.trim() ? { note: note.trim() } : {}) });
        await get().refresh();
        return said;
      });
    },
    resend: async () => {
      const id = get().id;
      if (!id) return;
      await act('resend', async () => {
        const answer = await rpc.leads.resend.mutate({ id });
        await get().refresh();
        return messages().resendStatus[answer.status];
      });
    },
    exportData: async (said) => {
      const id = get().id;
      if (!id) return;
      await act('export', async () => {
        const data = await rpc.leads.export.mutate({ id });
        download(`lead-${id}.json`, data);
        return said;
      });
    },
    erase: async (confirmEmail, said) => {
      const id = get().id;
      if (!id) return false;
      const ok = await act('erase', async () => {
        // Said only when this request erased it; another owner may have been first.
        const answer = await rpc.leads.erase.mutate({ id, confirmEmail });
        return answer.erased ? said : messages().alreadyErased;
      });
      if (ok) set({ id: null, lead: IDLE });
      return ok;
    },
  };
});
