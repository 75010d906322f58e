import { useLingui } from '@lingui/react/macro';
import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveTimeRange } from '@nivo/calendar';
import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import { dayDate } from '@/ui/report/date-range';
import { CHART_COLORS } from './dashboard-colors';

// nivo lives in this module only, loaded after the dashboard's own page (never with sign-in).

const theme = {
  // The page's own fonts (Thai, Myanmar and Chinese glyphs), not nivo's plain sans-serif.
  text: { fontSize: 12, fill: CHART_COLORS.text, fontFamily: 'inherit' },
  axis: { ticks: { text: { fontSize: 11, fill: CHART_COLORS.text } } },
  grid: { line: { stroke: CHART_COLORS.grid, strokeWidth: 1 } },
  tooltip: { container: { fontSize: 13, color: '#111827' } },
};

export type BarItem = { id: string; name: string; values: Record<string, number> };
export type ChartProps =
  | {
      kind: 'bar';
      items: BarItem[];
      keys: { key: string; label: string; color: string }[];
      /** Room for the names on the left, px. */
      nameWidth: number;
    }
  | { kind: 'pie'; slices: { id: string; label: string; value: number; color: string }[] }
  | { kind: 'days'; days: { day: string; views: number }[]; from: string; to: string; calendar: boolean };

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One dashboard chart; the page puts a table of the same figures next to it. */
export default function DashboardChart(props: ChartProps) {
  const { i18n } = useLingui();
  const num = (v: number | string) => i18n.number(Number(v));
  // Counts: no tick between whole numbers.
  const tick = (v: number | string) => (Number.isInteger(Number(v)) ? num(v) : '');
  if (props.kind === 'bar') {
    const names = new Map(props.items.map((i) => [i.id, i.name]));
    // nivo draws the first row at the bottom: reversed, the largest is on top.
    const data = [...props.items].reverse().map((i) => ({ id: i.id, ...i.values }));
    const colors = Object.fromEntries(props.keys.map((k) => [k.key, k.color]));
    return (
      <ResponsiveBar
        data={data}
        keys={props.keys.map((k) => k.key)}
        indexBy="id"
        layout="horizontal"
        groupMode="grouped"
        margin={{ top: 4, right: 16, bottom: 28, left: props.nameWidth }}
        padding={0.25}
        innerPadding={2}
        colors={({ id }) => colors[String(id)] ?? CHART_COLORS.bar}
        valueFormat={(v) => num(v)}
        enableGridY={false}
        enableGridX
        axisLeft={{
          tickSize: 0,
          tickPadding: 6,
          format: (id) => cut(names.get(String(id)) ?? '', Math.floor(props.nameWidth / 7.5)),
        }}
        axisBottom={{ tickSize: 4, tickValues: 4, format: tick }}
        labelSkipWidth={28}
        labelTextColor="#ffffff"
        tooltipLabel={(d) =>
          `${names.get(String(d.indexValue)) ?? ''} – ${props.keys.find((k) => k.key === d.id)?.label ?? ''}`
        }
        theme={theme}
        animate={false}
        role="presentation"
      />
    );
  }
  if (props.kind === 'pie') {
    return (
      <ResponsivePie
        data={props.slices}
        margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        innerRadius={0.5}
        padAngle={1}
        cornerRadius={2}
        colors={({ data }) => data.color}
        enableArcLinkLabels={false}
        arcLabelsSkipAngle={14}
        arcLabelsTextColor="#ffffff"
        valueFormat={(v) => num(v)}
        theme={theme}
        animate={false}
        role="presentation"
      />
    );
  }
  const data = props.days;
  if (props.calendar) {
    const weekdays = [0, 1, 2, 3, 4, 5, 6].map((d) =>
      i18n.date(new Date(2023, 0, 1 + d), { weekday: 'short' }),
    );
    return (
      <ResponsiveTimeRange
        data={data.filter((d) => d.views > 0).map((d) => ({ day: d.day, value: d.views }))}
        from={props.from}
        to={props.to}
        emptyColor={CHART_COLORS.empty}
        colors={[...CHART_COLORS.heat]}
        dayBorderWidth={1}
        dayBorderColor="#ffffff"
        dayRadius={2}
        weekdays={weekdays}
        weekdayTicks={[1, 3, 5]}
        monthLegend={(_y, _m, date) => i18n.date(date, { month: 'short' })}
        margin={{ top: 24, right: 8, bottom: 8, left: 44 }}
        theme={theme}
        role="presentation"
      />
    );
  }
  const ticks =
    data.length <= 4 ? data : [0, 1, 2, 3].map((i) => data[Math.round((i * (data.length - 1)) / 3)]!);
  return (
    <ResponsiveLine
      data={[{ id: 'views', data: data.map((d) => ({ x: d.day, y: d.views })) }]}
      margin={{ top: 8, right: 28, bottom: 28, left: 44 }}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: 'auto' }}
      colors={[CHART_COLORS.bar]}
      lineWidth={2}
      pointSize={data.length > 60 ? 0 : 5}
      enableGridX={false}
      axisBottom={{
        tickSize: 4,
        tickValues: ticks.map((d) => d.day),
        format: (v) => i18n.date(dayDate(String(v)), { month: 'short', day: 'numeric' }),
      }}
      axisLeft={{ tickSize: 4, tickValues: 4, format: tick }}
      yFormat={(v) => num(Number(v))}
      useMesh
      theme={theme}
      animate={false}
      role="presentation"
    />
  );
}
