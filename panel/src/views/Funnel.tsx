import { useEffect, useState, type FormEvent } from 'react';
import { bars, byWeek, FUNNEL_STEPS, withRates } from '../funnel';
import { duration, isoDay, percent } from '../format';
import { useLocale, useMessages } from '../store/locale';
import { useFunnel } from '../store/views';
import type { PanelOutputs } from '../rpc';
import { Loaded } from './Loaded';

type Funnel = PanelOutputs['funnel'];
const W = 600;
const H = 160;

/** Leads (and the accepted proposals within them) per day or week, as hand-drawn SVG bars. */
function Chart({ funnel, grouping }: { funnel: Funnel; grouping: 'day' | 'week' }) {
  const t = useMessages();
  const rows = grouping === 'week' ? byWeek(funnel.days, ['leads', 'accepted']) : funnel.days;
  const max = Math.max(0, ...rows.map((r) => Number(r.leads)));
  const leads = bars(rows.map((r) => Number(r.leads)), W, H, 2, max);
  // Accepted proposals on the same scale, narrower, inside their period's bar.
  const accepted = bars(rows.map((r) => Number(r.accepted)), W, H, 2, max);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H + 20}`} role="img" aria-labelledby="chart-cap">
        {leads.map((b, i) => (
          <rect key={`l${i}`} className="bar-leads" x={b.x} y={b.y} width={b.width} height={b.height}>
            <title>{`${rows[i]!.day}: ${rows[i]!.leads} · ${rows[i]!.accepted}`}</title>
          </rect>
        ))}
        {accepted.map((b, i) => (
          <rect key={`a${i}`} className="bar-accepted" x={b.x + b.width / 4} y={b.y} width={b.width / 2} height={b.height} />
        ))}
        <line className="axis" x1={0} y1={H} x2={W} y2={H} />
        <text className="tick" x={0} y={H + 15}>
          {rows[0]?.day ?? ''}
        </text>
        <text className="tick" x={W} y={H + 15} textAnchor="end">
          {rows.at(-1)?.day ?? ''}
        </text>
        <text className="tick" x={2} y={12}>
          {max}
        </text>
      </svg>
      <figcaption id="chart-cap">
        {t.chartLabel} <span className="key key-leads">{t['step.leads']}</span> <span className="key key-accepted">{t['step.accepted']}</span>
      </figcaption>
    </figure>
  );
}

/** The funnel for a period (the last 30 days at first), by day or by week. */
export function FunnelView() {
  const t = useMessages();
  const locale = useLocale((s) => s.locale);
  const load = useFunnel((s) => s.load);
  const [period, setPeriod] = useState(() => {
    const now = new Date();
    return { from: isoDay(now, 29), to: isoDay(now) };
  });
  const [grouping, setGrouping] = useState<'day' | 'week'>('day');
  // Only the first period loads by itself; later ones on submit.
  const [first] = useState(period);
  useEffect(() => {
    void useFunnel.getState().run(first);
  }, [first]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useFunnel.getState().run(period);
  };
  return (
    <section aria-labelledby="funnel-h">
      <h1 id="funnel-h">{t.funnelHeading}</h1>
      <form className="filters" onSubmit={submit} aria-label={t.period}>
        <label>
          {t.from}
          <input type="date" required value={period.from} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />
        </label>
        <label>
          {t.to}
          <input type="date" required value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />
        </label>
        <button type="submit">{t.apply}</button>
        <fieldset className="toggle">
          <legend>{t.grouping}</legend>
          <label>
            <input type="radio" name="grouping" checked={grouping === 'day'} onChange={() => setGrouping('day')} /> {t.byDay}
          </label>
          <label>
            <input type="radio" name="grouping" checked={grouping === 'week'} onChange={() => setGrouping('week')} /> {t.byWeek}
          </label>
        </fieldset>
      </form>
      <Loaded load={load} retry={() => void useFunnel.getState().again()}>
        {(funnel) => (
          <>
            <table className="steps">
              <thead>
                <tr>
                  <th scope="col">{t.stepCol}</th>
                  <th scope="col">{t.count}</th>
                  <th scope="col">{t.rate}</th>
                </tr>
              </thead>
              <tbody>
                {withRates(funnel.steps).map((s) => (
                  <tr key={s.key}>
                    <th scope="row">{FUNNEL_STEPS.includes(s.key) ? t[`step.${s.key}`] : s.key}</th>
                    <td className="num">{s.count}</td>
                    <td className="num">{percent(s.rate, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>
              {t.median}: <strong>{duration(funnel.medianAcceptMs, locale)}</strong>
            </p>
            <Chart funnel={funnel} grouping={grouping} />
          </>
        )}
      </Loaded>
    </section>
  );
}
