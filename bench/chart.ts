/**
 * bench/results/latest.png: requests/s per scenario, one bar each for ours, the peers and the same answer
 * from a bare Deno.serve, one panel per data set. A Vega-Lite spec compiled by vega-lite, rendered to SVG
 * by vega, and to PNG by resvg (development dependencies only: nothing of the server imports this).
 */
import * as vega from "npm:vega@6.4.0";
import { compile, type TopLevelSpec } from "npm:vega-lite@6.5.0";
import { Resvg } from "npm:@resvg/resvg-js@2.6.2";
import type { DataResult } from "./run_data.ts";

const SERIES = [
  ["ours", "ours"],
  ["sqlite", "SQLite peer"],
  ["maps", "JSON+Maps peer"],
  ["limit", "same answer, bare Deno.serve"],
] as const;

/** The Vega-Lite spec of the chart. */
export function chartSpec(data: readonly DataResult[]): TopLevelSpec {
  const values = data.flatMap((d) =>
    d.scenarios.flatMap((s) =>
      SERIES.flatMap(([column, series]) => {
        const f = s.figures[column];
        return f === undefined ? [] : [{ data: d.label, scenario: s.label, series, rps: Math.round(f.rps) }];
      })
    )
  );
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: "Requests/s per scenario (wrk -c32, medians; higher is better)",
    data: { values },
    facet: { row: { field: "data", type: "nominal", title: null, sort: data.map((d) => d.label) } },
    resolve: { scale: { y: "independent" } },
    spec: {
      width: { step: 14 },
      height: 260,
      mark: "bar",
      encoding: {
        x: {
          field: "scenario",
          type: "nominal",
          sort: data[0]?.scenarios.map((s) => s.label) ?? [],
          axis: { labelAngle: -35, labelLimit: 400, title: null },
        },
        xOffset: { field: "series", sort: SERIES.map(([, s]) => s) },
        y: { field: "rps", type: "quantitative", title: "requests/s" },
        color: {
          field: "series",
          type: "nominal",
          sort: SERIES.map(([, s]) => s),
          scale: { range: ["#1f77b4", "#ff7f0e", "#2ca02c", "#9e9e9e"] },
          legend: { orient: "top", title: null, labelLimit: 400 },
        },
        tooltip: [{ field: "series" }, { field: "rps" }],
      },
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
