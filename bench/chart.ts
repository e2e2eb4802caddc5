/**
 * bench/results/latest.png: per scenario, our requests/s divided by the plain replay's and by the reading
 * replay's (higher is better), and our p99 divided by the reading replay's (lower is better), a tick at each
 * target; one row of panels per data set. A Vega-Lite spec compiled by vega-lite, rendered to SVG by vega,
 * and to PNG by resvg (development dependencies only: nothing of the server imports this).
 */
import * as vega from "npm:vega@6.4.0";
import { compile, type TopLevelSpec } from "npm:vega-lite@6.5.0";
import { Resvg } from "npm:@resvg/resvg-js@2.6.2";
import type { Ratios } from "./judge.ts";
import type { DataResult, ScenarioResult } from "./run_data.ts";

const THROUGHPUT = "requests/s: ours ÷ replay (higher is better)";
const LATENCY = "p99: ours ÷ reading replay (lower is better)";
const SERIES = [
  ["plain", "ours ÷ plain replay", THROUGHPUT],
  ["reading", "ours ÷ reading replay", THROUGHPUT],
  ["p99", "p99 ours ÷ reading replay", LATENCY],
] as const satisfies readonly (readonly [keyof Ratios, string, string])[];

/** The target a bar is judged by, if any: the requests/s target on its replay's bar, the p99 bound. */
function targetOf(s: ScenarioResult, ratio: keyof Ratios): number | null {
  if (ratio === "p99") return s.verdict.p99?.most ?? null;
  return s.verdict.throughput?.against === ratio ? s.verdict.throughput.least : null;
}

/** The Vega-Lite spec of the chart. */
export function chartSpec(data: readonly DataResult[]): TopLevelSpec {
  const values = data.flatMap((d) =>
    d.scenarios.flatMap((s) =>
      SERIES.flatMap(([ratio, series, panel]) => {
        const value = s.ratios[ratio];
        if (value === undefined) return [];
        const target = targetOf(s, ratio);
        return [{ data: d.label, scenario: s.label, panel, series, value: Number(value.toFixed(3)), target }];
      })
    )
  );
  const color = {
    field: "series",
    type: "nominal",
    sort: SERIES.map(([, s]) => s),
    scale: { domain: SERIES.map(([, s]) => s), range: ["#9e9e9e", "#1f77b4", "#d62728"] },
    legend: { orient: "top", title: null, labelLimit: 400 },
  };
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: "Ratios per scenario (wrk -c32, medians); ticks: the targets",
    data: { values },
    facet: {
      row: { field: "data", type: "nominal", title: null, sort: data.map((d) => d.label) },
      column: { field: "panel", type: "nominal", title: null, sort: [THROUGHPUT, LATENCY] },
    },
    resolve: { scale: { y: "independent", xOffset: "independent" } },
    spec: {
      width: 420,
      height: 260,
      encoding: {
        x: {
          field: "scenario",
          type: "nominal",
          sort: data[0]?.scenarios.map((s) => s.label) ?? [],
          axis: { labelAngle: -35, labelLimit: 400, title: null },
        },
        xOffset: { field: "series", sort: SERIES.map(([, s]) => s) },
      },
      layer: [
        {
          mark: "bar",
          encoding: {
            color,
            y: { field: "value", type: "quantitative", title: "ratio" },
            tooltip: [{ field: "series" }, { field: "value" }, { field: "target" }],
          },
        },
        {
          transform: [{ filter: "datum.target != null" }],
          mark: { type: "tick", color: "black", thickness: 2 },
          encoding: { y: { field: "target", type: "quantitative" } },
        },
      ],
    },
    config: { font: "DejaVu Sans", background: "white" },
  } as TopLevelSpec;
}

/** The chart as SVG text. */
export async function chartSvg(data: readonly DataResult[]): Promise<string> {
  const view = new vega.View(vega.parse(compile(chartSpec(data)).spec), { renderer: "none" });
  return await view.toSVG();
}

/** The chart as PNG bytes (system fonts; text is left out where none is installed). */
export async function chartPng(data: readonly DataResult[]): Promise<Uint8Array> {
  const svg = await chartSvg(data);
  return new Resvg(svg, {
    font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" },
    fitTo: { mode: "zoom", value: 2 },
  })
    .render().asPng();
}
