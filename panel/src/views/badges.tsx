import { useMessages } from '../store/locale';

/** A proposal's state, as a labelled badge (the class gives its colour, the text its meaning). */
export function StateBadge({ state }: { state: string | null }) {
  const t = useMessages();
  const key = `state.${state ?? 'none'}` as const;
  const text = key in t ? (t[key as keyof typeof t] as string) : (state ?? '');
  return <span className={`badge state-${state ?? 'none'}`}>{text}</span>;
}

/** The owner's outcome, when set. */
export function OutcomeBadge({ outcome }: { outcome: string | null | undefined }) {
  const t = useMessages();
  if (!outcome) return null;
  const key = `outcome.${outcome}`;
  return <span className={`badge outcome-${outcome}`}>{key in t ? (t[key as keyof typeof t] as string) : outcome}</span>;
}
