/**
 * bench/results/latest.md: per data set a table of the scenarios (ours, the same answer from a bare
 * Deno.serve, the ratio and its target, the plain hello, the peers), the access-log ratio, the start-up
 * and memory of fresh processes, the targets at full scale, and every problem found in the answers.
 */
import type { Machine } from "./machine.ts";
import type { DataResult, Figures, Footprint } from "./run_data.ts";

/** Everything a report says. */
export interface BenchReport {
  readonly date: string;
  readonly command: string;
  readonly settings: string;
  readonly machine: Machine;
  readonly data: readonly DataResult[];
}

const rps = (f: Figures | undefined) => f === undefined ? "–" : Math.round(f.rps).toLocaleString("en-US");
const ms = (f: Figures | undefined) => f === undefined ? "–" : f.p99Ms.toFixed(2);
const ratio = (a: Figures | undefined, b: Figures | undefined) =>
  a === undefined || b === undefined || b.rps === 0 ? undefined : a.rps / b.rps;
const fixed = (value: number | undefined) => value === undefined ? "–" : value.toFixed(2);
const count = (n: number) => n.toLocaleString("en-US");
const mib = (bytes: number) => (bytes / 1048576).toFixed(1);

function table(head: string[], rows: string[][], right: number[]): string[] {
  const align = head.map((_, i) => right.includes(i) ? "---:" : "---");
  return [head, align, ...rows].map((cells) => `| ${cells.join(" | ")} |`);
}

const FOOTPRINT_NAMES: Readonly<Record<Footprint["name"], string>> = {
  ours: "ours",
  sqlite: "SQLite peer",
  maps: "JSON+Maps peer",
};

function dataSection(data: DataResult): string[] {
  // With --short the hello is measured in the first scenario only.
  const hello = data.scenarios.find((s) => s.figures.hello)?.figures.hello;
  const rows = data.scenarios.map((s) => {
    const r = ratio(s.figures.ours, s.figures.limit);
    const meets = s.target === undefined || r === undefined ? "" : r >= s.target ? " ✓" : " ✗";
    const faster = (peer: Figures | undefined) =>
      peer === undefined
        ? "–"
        : `${rps(peer)}${s.figures.ours && s.figures.ours.rps > peer.rps ? "" : " (faster)"}`;
    return [
      s.label,
      rps(s.figures.ours),
      ms(s.figures.ours),
      rps(s.figures.limit),
      ms(s.figures.limit),
      `**${fixed(r)}**`,
      s.target === undefined ? "–" : `≥ ${s.target.toFixed(2)}${meets}`,
      fixed(ratio(s.figures.ours, s.figures.hello ?? hello)),
      faster(s.figures.sqlite),
      faster(s.figures.maps),
      `${s.queries}${s.dropped > 0 ? ` (${s.dropped} left out)` : ""}`,
    ];
  });
  const lines = [
    `## ${data.label}`,
    "",
    `Build \`${data.buildId}\`: ${count(data.records.browse)} browse nodes, ${count(data.records.lexicon)} ` +
    `phrases, ${count(data.records.bricks)} bricks, ${
      count(data.records.observations)
    } catalog observations.`,
    "",
    ...table(
      [
        "scenario",
        "ours req/s",
        "ours p99 ms",
        "same answer req/s",
        "same answer p99 ms",
        "ratio",
        "target",
        "ours / hello",
        "SQLite req/s",
        "JSON+Maps req/s",
        "queries",
      ],
      rows,
      [1, 2, 3, 4, 5, 7, 8, 9, 10],
    ),
    "",
  ];
  const on = data.scenarios.find((s) => s.name === "classify-1-log")?.figures.ours;
  const off = data.scenarios.find((s) => s.name === "classify-1")?.figures.ours;
  const log = ratio(on, off);
  if (log !== undefined) {
    lines.push(
      `Access log on (the default) against off, classify 1 id: **${fixed(log)}** (target ≥ 0.90${
        log >= 0.9 ? " ✓" : " ✗"
      }).`,
      "",
    );
  }
  lines.push(
    ...table(
      ["process", "start-up ms (spawn → first classify answered)", "RssAnon MiB after the lookups"],
      data.footprints.map((f) => [FOOTPRINT_NAMES[f.name], f.startMs.toFixed(0), mib(f.rssAnonBytes)]),
      [1, 2],
    ),
    "",
  );
  return lines;
}

function targets(data: readonly DataResult[]): string[] {
  const start = (d: DataResult | undefined) => d?.footprints.find((f) => f.name === "ours");
  const embedded = start(data[0]);
  const full = start(data[1]);
  if (embedded === undefined || full === undefined) return [];
  const bound = 1.3 * embedded.startMs + 30;
  const rss = full.rssAnonBytes / 1e6;
  return [
    "## Targets at full scale",
    "",
    `- Start-up at full scale ${full.startMs.toFixed(0)} ms ≤ 1.3 × ${
      embedded.startMs.toFixed(0)
    } ms + 30 ms = ${bound.toFixed(0)} ms: ${full.startMs <= bound ? "✓" : "✗"}`,
    `- Anonymous RSS at full scale ${rss.toFixed(1)} MB ≤ 150 MB: ${rss <= 150 ? "✓" : "✗"}`,
    "",
  ];
}

/** The report's Markdown text. */
export function reportMarkdown(report: BenchReport): string {
  const m = report.machine;
  const problems = report.data.flatMap((d) =>
    d.scenarios.flatMap((s) => s.problems.map((p) => `- ${d.label}, ${s.name}: ${p}`))
  );
  return [
    "# Benchmark results",
    "",
    `${report.date}, \`${report.command}\`: ${report.settings}.`,
    "",
    `Machine: ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, ${m.os}; Deno ${m.deno}; ${m.wrk}. wrk and every server ` +
    "share these cores, and the machine is shared: absolute requests/s are noise, ratios measured side by side in " +
    "the same run are the figures. Ratio = ours / the same answer (status, headers, body) replayed by a bare " +
    'Deno.serve; ours / hello = ours / a bare Deno.serve answering "hello". "(faster)": the peer beat ours.',
    "",
    ...report.data.flatMap(dataSection),
    ...targets(report.data),
    "## Answers",
    "",
    ...(problems.length === 0
      ? [
        "Every scenario answered correctly: every wrk request had the expected status, and the answers asked again matched the captured ones (ours, the replay and the peers).",
      ]
      : problems),
    "",
  ].join("\n");
}
