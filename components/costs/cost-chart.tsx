"use client";
/**
 * Cost (or tokens) per day, stacked by model or agent: a plain SVG bar chart. A chart library was
 * weighed against the page budget (recharts adds ~127 KB gzip to a page); this needs bars, an axis
 * and a hover panel, so it is drawn here.
 */
import { useMemo, useState } from "react";
import { formatCost, formatTokens } from "@/components/runs/usage-format";
import { formatNanoUsd } from "@/lib/events/money.shared";
import { compactNumber, compactUsd, niceTicks, type ChartBar, type ChartSeries, type Metric } from "./costs-model";

const W = 960;
const H = 220;
const PAD = { left: 64, right: 8, top: 10, bottom: 26 };

export function CostChart({
  series,
  bars,
  metric,
  onPickDay,
}: {
  series: ChartSeries[];
  bars: ChartBar[];
  metric: Metric;
  onPickDay?: (day: string) => void;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const max = Math.max(0, ...bars.map((b) => b.total));
  const ticks = useMemo(() => niceTicks(max), [max]);
  const top = ticks[ticks.length - 1] || 1;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = bars.length ? plotW / bars.length : plotW;
  const barW = Math.max(1, Math.min(36, slot * 0.72));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const fmtAxis = (v: number) => (metric === "cost" ? compactUsd(v) : compactNumber(v));
  const fmtValue = (v: number) => (metric === "cost" ? formatNanoUsd(v) : `${formatTokens(v)} tokens`);
  const labelEvery = Math.max(1, Math.ceil(bars.length / 12));
  const hovered = hover === null ? null : bars[hover];

  return (
    <div className="cost-chart" data-testid="cost-chart" onMouseLeave={() => setHover(null)}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`${metric === "cost" ? "Cost" : "Tokens"} per day, stacked by ${series.length} series`}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="grid" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="axis">
              {fmtAxis(t)}
            </text>
          </g>
        ))}
        {bars.map((b, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          let acc = 0;
          return (
            <g
              key={b.day}
              data-day={b.day}
              onMouseEnter={() => setHover(i)}
              onClick={onPickDay ? () => onPickDay(b.day) : undefined}
              className={onPickDay ? "day clickable" : "day"}
            >
              <rect x={PAD.left + i * slot} y={PAD.top} width={slot} height={plotH} className="hit" />
              {series.map((s) => {
                const v = b.values[s.key] ?? 0;
                if (v <= 0) return null;
                const y1 = y(acc + v);
                const h = Math.max(0.5, y(acc) - y1);
                acc += v;
                return <rect key={s.key} x={x} y={y1} width={barW} height={h} fill={s.color} />;
              })}
              {b.unpriced && metric === "cost" ? (
                <text x={x + barW / 2} y={y(acc) - 3} textAnchor="middle" className="unpriced-mark">
                  *
                </text>
              ) : null}
              {i % labelEvery === 0 ? (
                <text x={PAD.left + i * slot + slot / 2} y={H - 8} textAnchor="middle" className="axis">
                  {b.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className="baseline" />
      </svg>
      <ul className="legend">
        {series.map((s) => (
          <li key={s.key}>
            <span className="swatch" style={{ background: s.color }} /> <span className="mono">{s.label}</span>{" "}
            <span className="muted">{metric === "cost" ? formatCost(s.total, s.pricing) : fmtValue(s.total)}</span>
          </li>
        ))}
        {metric === "cost" && bars.some((b) => b.unpriced) ? (
          <li className="muted">* the day has usage on models without price data (counted in tokens)</li>
        ) : null}
      </ul>
      {hovered ? (
        <div
          className="chart-tip"
          role="status"
          style={{ left: `${((PAD.left + (hover! + 0.5) * slot) / W) * 100}%` }}
          data-testid="chart-tip"
        >
          <strong>{hovered.day}</strong> · {fmtValue(hovered.total)}
          {series
            .filter((s) => (hovered.values[s.key] ?? 0) > 0)
            .map((s) => (
              <div key={s.key}>
                <span className="swatch" style={{ background: s.color }} /> {s.label}: {fmtValue(hovered.values[s.key])}
              </div>
            ))}
          {hovered.unpriced && metric === "cost" ? <div className="muted">+ unpriced usage</div> : null}
        </div>
      ) : null}
    </div>
  );
}
