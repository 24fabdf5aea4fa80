import { money } from '../format';
import { useLocale, useMessages } from '../store/locale';

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

/** A proposal's one-off total and, when there is one, its monthly fee: '1.016,40 € + 113,74 €/mes'. */
export function TotalWithMonthly({ total, monthly }: { total: number; monthly: number }) {
  const t = useMessages();
  const locale = useLocale((s) => s.locale);
  return (
    <span>
      {money(total, locale)}
      {monthly ? ` + ${money(monthly, locale)}${t.perMonth}` : null}
    </span>
  );
}
