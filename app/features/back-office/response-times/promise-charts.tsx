// Loaded only by the response-times screen (React.lazy): recharts never reaches another page.
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PromiseBoard } from "#domain/response-times/contracts.ts";
import { responseSourceLabels } from "#domain/response-times/response-promise.ts";

const brand = "#094a8c";
const accent = "#b45309";
const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

/**
 * The charts are pictures of the tables beside them: hidden from assistive technology (the
 * tables are the accessible version) and without recharts' keyboard layer.
 */
function ChartFrame({ children }: { children: React.ReactElement }) {
  return (
    <div aria-hidden="true" className="h-60 w-full">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

export function ShareByDayChart({ board }: { board: PromiseBoard }) {
  const data = board.byDay.map((row) => ({ day: row.day.slice(5), share: percent(row.keptShare) }));
  return (
    <ChartFrame>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" fontSize={12} />
        <YAxis domain={[0, 100]} unit="%" fontSize={12} />
        <Tooltip formatter={(value) => [`${String(value)}%`, "Within the promise"]} />
        <Bar dataKey="share" fill={brand} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function WaitByDayChart({ board }: { board: PromiseBoard }) {
  const data = board.byDay.map((row) => ({ day: row.day.slice(5), median: row.medianMinutes, p90: row.p90Minutes }));
  return (
    <ChartFrame>
      <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" fontSize={12} />
        <YAxis unit=" min" fontSize={12} />
        <Tooltip />
        <Line
          type="monotone"
          dataKey="median"
          name="Median"
          stroke={brand}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
          connectNulls
        />
        <Line
          type="monotone"
          dataKey="p90"
          name="90th percentile"
          stroke={accent}
          strokeWidth={2}
          strokeDasharray="5 3"
          dot={false}
          isAnimationActive={false}
          connectNulls
        />
      </LineChart>
    </ChartFrame>
  );
}

export function ShareBySourceChart({ board }: { board: PromiseBoard }) {
  const data = board.bySource.map((row) => ({
    source: responseSourceLabels[row.source],
    share: percent(row.keptShare),
  }));
  return (
    <ChartFrame>
      <BarChart
        data={data}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 8, right: 16, bottom: 0, left: 24 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit="%" fontSize={12} />
        <YAxis type="category" dataKey="source" width={110} fontSize={12} />
        <Tooltip formatter={(value) => [`${String(value)}%`, "Within the promise"]} />
        <Bar dataKey="share" fill={brand} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}
