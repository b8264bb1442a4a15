/**
 * The review desk's charts, drawn with visx (decision 042): React components that render plain
 * SVG, so the server sends finished charts and no chart code runs in the browser. Every chart is
 * a figure with a text summary for screen readers (role="img" with a description) and the same
 * numbers as a table under "As a table".
 */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear, scaleOrdinal } from '@visx/scale';
import { Bar, BarStack } from '@visx/shape';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShare } from './format';
import { StaffTable } from './StaffTable';

/** Eight colours told apart also by people with the common colour-vision deficiencies (Okabe–Ito, darkened for contrast on white). */
const palette = ['#0063a6', '#c75000', '#007a5e', '#b0387a', '#5b4ea8', '#8a6d00', '#2b6f8f', '#555555'];

function Figure({
  title,
  summary,
  table,
  children,
}: {
  title: string;
  summary: string;
  table: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('staff');
  const id = useId();
  return (
    <figure className="staff-chart" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <div role="img" aria-label={summary} className="staff-chart__drawing">
        {children}
      </div>
      {/* The caption is the figure's last child (HTML allows it first or last only), the table in it. */}
      <figcaption>
        <p className="staff-chart__summary">{summary}</p>
        <details className="staff-chart__table">
          <summary>{t('charts.asTable')}</summary>
          {table}
        </details>
      </figcaption>
    </figure>
  );
}

export interface VolumePoint {
  day: string;
  intent: string;
  turns: number;
}

/** Turns per day, stacked by intent: the six most frequent intents and the rest as "other". */
export function VolumeChart({ volume }: { volume: VolumePoint[] }) {
  const { t } = useTranslation('staff');
  const totals = new Map<string, number>();
  for (const v of volume) totals.set(v.intent, (totals.get(v.intent) ?? 0) + v.turns);
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const top = ranked.slice(0, 6).map(([intent]) => intent);
  const other = t('charts.volume.other');
  const keys = ranked.length > top.length ? [...top, other] : top;
  const days = [...new Set(volume.map((v) => v.day))].sort();
  const rows = days.map((day) => {
    const row: Record<string, number | string> = { day };
    for (const key of keys) row[key] = 0;
    for (const v of volume.filter((p) => p.day === day)) {
      const key = top.includes(v.intent) ? v.intent : other;
      row[key] = (row[key] as number) + v.turns;
    }
    return row;
  });
  const width = 720;
  const height = 300;
  const margin = { top: 12, right: 12, bottom: 48, left: 44 };
  const innerW = width - margin.left - margin.right;
  const innerH = height - margin.top - margin.bottom;
  const maxDay = Math.max(1, ...rows.map((r) => keys.reduce((s, k) => s + (r[k] as number), 0)));
  const x = scaleBand<string>({ domain: days, range: [0, innerW], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, maxDay], range: [innerH, 0], nice: true });
  const colour = scaleOrdinal<string, string>({ domain: keys, range: palette });
  const total = [...totals.values()].reduce((s, n) => s + n, 0);
  const summary =
    total === 0
      ? t('charts.empty')
      : t('charts.volume.summary', {
          total,
          from: days[0],
          to: days.at(-1),
          top: ranked
            .slice(0, 3)
            .map(([intent, n]) => `${intent} (${n})`)
            .join(', '),
        });
  const everyNth = Math.max(1, Math.ceil(days.length / 8));
  return (
    <Figure
      title={t('charts.volume.title')}
      summary={summary}
      table={
        <StaffTable columns={[t('charts.volume.day'), ...keys]}>
          {rows.map((r) => (
            <tr key={r.day}>
              <th scope="row">{r.day}</th>
              {keys.map((k) => (
                <td key={k} className="staff-number">
                  {r[k]}
                </td>
              ))}
            </tr>
          ))}
        </StaffTable>
      }
    >
      <svg viewBox={`0 0 ${width} ${height}`} className="staff-svg" aria-hidden="true" focusable="false">
        <Group left={margin.left} top={margin.top}>
          <BarStack<Record<string, number | string>, string>
            data={rows}
            keys={keys}
            x={(d) => d.day as string}
            xScale={x}
            yScale={y}
            color={colour}
          >
            {(stacks) =>
              stacks.map((stack) =>
                stack.bars.map((bar) => (
                  <rect
                    key={`${stack.index}-${bar.index}`}
                    x={bar.x}
                    y={bar.y}
                    width={bar.width}
                    height={Math.max(0, bar.height)}
                    fill={bar.color}
                  />
                )),
              )
            }
          </BarStack>
          <AxisLeft scale={y} numTicks={5} tickFormat={(v) => String(v)} />
          <AxisBottom
            top={innerH}
            scale={x}
            tickFormat={(d, i) => (i % everyNth === 0 ? d.slice(5) : '')}
            tickLabelProps={{ fontSize: 11, textAnchor: 'middle' }}
          />
        </Group>
      </svg>
      <ul className="staff-legend" aria-hidden="true">
        {keys.map((k) => (
          <li key={k}>
            <span className="staff-legend__swatch" style={{ background: colour(k) }} /> {k}
          </li>
        ))}
      </ul>
    </Figure>
  );
}

/** Fallback, clarification, hand-over and containment as shares of all turns (defined in server/staff/review.ts). */
export function RatesChart({
  rates,
  locale,
}: {
  rates: { fallbackRate: number; clarificationRate: number; handedRate: number; containment: number; total: number };
  locale: string;
}) {
  const { t } = useTranslation('staff');
  const items = [
    { key: 'fallback', label: t('charts.rates.fallback'), value: rates.fallbackRate },
    { key: 'clarification', label: t('charts.rates.clarification'), value: rates.clarificationRate },
    { key: 'handed', label: t('charts.rates.handed'), value: rates.handedRate },
    { key: 'containment', label: t('charts.rates.containment'), value: rates.containment },
  ];
  const width = 440;
  const rowH = 56;
  const margin = { top: 22, right: 56, bottom: 28, left: 8 };
  const height = margin.top + margin.bottom + rowH * items.length;
  const innerW = width - margin.left - margin.right;
  const x = scaleLinear<number>({ domain: [0, 1], range: [0, innerW] });
  const y = scaleBand<string>({ domain: items.map((i) => i.key), range: [0, rowH * items.length], padding: 0.35 });
  const summary =
    rates.total === 0 ? t('charts.empty') : items.map((i) => `${i.label}: ${formatShare(i.value, locale)}`).join('; ');
  return (
    <Figure
      title={t('charts.rates.title')}
      summary={summary}
      table={
        <StaffTable columns={[t('charts.rates.measure'), t('charts.rates.share')]}>
          {items.map((i) => (
            <tr key={i.key}>
              <th scope="row">{i.label}</th>
              <td className="staff-number">{formatShare(i.value, locale)}</td>
            </tr>
          ))}
        </StaffTable>
      }
    >
      <svg viewBox={`0 0 ${width} ${height}`} className="staff-svg" aria-hidden="true" focusable="false">
        <Group left={margin.left} top={margin.top}>
          {items.map((item, index) => {
            const top = y(item.key) ?? 0;
            return (
              <g key={item.key}>
                <text x={0} y={top - 6} fontSize={13} fill="#222">
                  {item.label}
                </text>
                <Bar x={0} y={top} width={innerW} height={y.bandwidth()} fill="#e6e9ee" />
                <Bar x={0} y={top} width={x(item.value)} height={y.bandwidth()} fill={palette[index]} />
                <text x={innerW + 8} y={top + y.bandwidth() / 2 + 5} fontSize={13} fill="#222">
                  {formatShare(item.value, locale)}
                </text>
              </g>
            );
          })}
          <AxisBottom
            top={rowH * items.length}
            scale={x}
            numTicks={5}
            tickFormat={(v) => formatShare(Number(v), locale)}
          />
        </Group>
      </svg>
    </Figure>
  );
}

/** Predicted (rows) against corrected (columns) intents of the corrected entries. */
export function ConfusionChart({
  confusion,
}: {
  confusion: Array<{ predicted: string; corrected: string; turns: number }>;
}) {
  const { t } = useTranslation('staff');
  const predicted = [...new Set(confusion.map((c) => c.predicted))].sort();
  const corrected = [...new Set(confusion.map((c) => c.corrected))].sort();
  const cell = (p: string, c: string) => confusion.find((x) => x.predicted === p && x.corrected === c)?.turns ?? 0;
  const max = Math.max(1, ...confusion.map((c) => c.turns));
  const labelW = 150;
  const size = 40;
  const headerH = 110;
  // Room on the right for the last column's slanted label.
  const width = labelW + size * Math.max(1, corrected.length) + 110;
  const height = headerH + size * Math.max(1, predicted.length) + 8;
  const x = scaleBand<string>({ domain: corrected, range: [0, size * corrected.length] });
  const y = scaleBand<string>({ domain: predicted, range: [0, size * predicted.length] });
  const wrong = confusion.filter((c) => c.predicted !== c.corrected).sort((a, b) => b.turns - a.turns);
  const summary =
    confusion.length === 0
      ? t('charts.confusion.empty')
      : t('charts.confusion.summary', {
          count: confusion.reduce((s, c) => s + c.turns, 0),
          top: wrong
            .slice(0, 3)
            .map((c) => `${c.predicted} → ${c.corrected} (${c.turns})`)
            .join(', '),
        });
  return (
    <Figure
      title={t('charts.confusion.title')}
      summary={summary}
      table={
        <StaffTable
          columns={[t('charts.confusion.predicted'), t('charts.confusion.corrected'), t('charts.confusion.turns')]}
        >
          {confusion.map((c) => (
            <tr key={`${c.predicted}-${c.corrected}`}>
              <td>{c.predicted}</td>
              <td>{c.corrected}</td>
              <td className="staff-number">{c.turns}</td>
            </tr>
          ))}
        </StaffTable>
      }
    >
      {confusion.length === 0 ? null : (
        <svg
          viewBox={`0 0 ${width} ${height}`}
          className="staff-svg staff-svg--matrix"
          style={{ maxWidth: `${width * 1.25}px` }}
          aria-hidden="true"
          focusable="false"
        >
          <Group left={labelW} top={headerH}>
            {corrected.map((c) => (
              <text
                key={c}
                transform={`translate(${(x(c) ?? 0) + size / 2}, -8) rotate(-40)`}
                fontSize={11}
                fill="#222"
              >
                {c}
              </text>
            ))}
            {predicted.map((p) => (
              <text key={p} x={-6} y={(y(p) ?? 0) + size / 2 + 4} fontSize={11} textAnchor="end" fill="#222">
                {p}
              </text>
            ))}
            {predicted.map((p) =>
              corrected.map((c) => {
                const n = cell(p, c);
                const strength = n / max;
                return (
                  <g key={`${p}-${c}`}>
                    <rect
                      x={x(c)}
                      y={y(p)}
                      width={size - 2}
                      height={size - 2}
                      fill={n === 0 ? '#f2f4f7' : p === c ? '#007a5e' : '#c75000'}
                      fillOpacity={n === 0 ? 1 : 0.25 + 0.75 * strength}
                    />
                    {n > 0 ? (
                      <text
                        x={(x(c) ?? 0) + size / 2 - 1}
                        y={(y(p) ?? 0) + size / 2 + 4}
                        fontSize={12}
                        textAnchor="middle"
                        fill={strength > 0.5 ? '#fff' : '#111'}
                      >
                        {n}
                      </text>
                    ) : null}
                  </g>
                );
              }),
            )}
          </Group>
        </svg>
      )}
    </Figure>
  );
}
