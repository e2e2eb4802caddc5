/**
 * bench/results/latest.md: per data set a table of the scenarios (ours, the plain replay and the replay
 * that reads the request, both ratios, the target and the replay it is judged against, the p99 ratio, the
 * plain hello, the peers), the ratio to the reading replay in each round, the latency distribution of ours
 * and the reading replay, the access log's cost, the start-up and memory of fresh processes against their
 * targets, the targets at full scale, and every problem found in the answers.
 */
import { type Figures, MEMORY_LIMIT_MB, ratiosOf, roundRatios, type Verdict } from "./judge.ts";
import { type Footprint, PEAK_WINDOW_MS } from "./fresh_processes.ts";
import type { Machine } from "./machine.ts";
import type { DataResult } from "./run_data.ts";
import { P99_LIMIT } from "./scenarios.ts";
import { COUNTED_LIMIT } from "./servers.ts";

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
const fixed = (value: number | undefined) => value === undefined ? "–" : value.toFixed(2);
const count = (n: number) => n.toLocaleString("en-US");
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const check = (met: boolean) => met ? "✓" : "✗";
/** A judged ratio, with as many decimals as it takes not to print its bound (0.8496 against ≥ 0.85). */
function judged(value: number | undefined, bound: number): string {
  if (value === undefined) return "–";
  let digits = 2;
  while (digits < 6 && value !== bound && value.toFixed(digits) === bound.toFixed(digits)) digits++;
  return value.toFixed(digits);
}

function table(head: string[], rows: string[][], right: number[]): string[] {
  const align = head.map((_, i) => right.includes(i) ? "---:" : "---");
  return [head, align, ...rows].map((cells) => `| ${cells.join(" | ")} |`);
}

const FOOTPRINT_NAMES: Readonly<Record<Footprint["name"], string>> = {
  ours: "ours",
  sqlite: "SQLite peer",
  maps: "JSON+Maps peer",
};

/** The target cell: the least ratio, the replay it is judged against, met or not. */
function targetCell(verdict: Verdict): string {
  const t = verdict.throughput;
  return t === undefined ? "–" : `≥ ${t.least.toFixed(2)} ÷ ${t.against} ${check(t.met)}`;
}

/** The scenario table's header: the column names say which figure divides which. */
const HEAD = [
  "scenario",
  "ours req/s",
  "ours p99 ms",
  "plain replay req/s",
  "plain replay p99 ms",
  "reading replay req/s",
  "reading replay p99 ms",
  "ours ÷ plain",
  "ours ÷ reading",
  "target",
  `p99 ours ÷ reading (≤ ${P99_LIMIT})`,
  "ours ÷ hello",
  "SQLite req/s",
  "JSON+Maps req/s",
  "queries",
];

function scenarioRows(data: DataResult): string[][] {
  return data.scenarios.map((s) => {
    const f = s.figures;
    const target = s.verdict.throughput;
    const ratio = (which: "plain" | "reading") =>
      target?.against === which ? `**${judged(s.ratios[which], target.least)}**` : fixed(s.ratios[which]);
    const faster = (peer: Figures | undefined) =>
      peer === undefined ? "–" : `${rps(peer)}${f.ours && f.ours.rps > peer.rps ? "" : " (faster)"}`;
    const p99 = s.verdict.p99;
    return [
      s.label,
      rps(f.ours),
      ms(f.ours),
      rps(f.plain),
      ms(f.plain),
      rps(f.reading),
      ms(f.reading),
      ratio("plain"),
      ratio("reading"),
      targetCell(s.verdict),
      p99 === undefined ? "–" : `${judged(s.ratios.p99, p99.most)} ${check(p99.met)}`,
      fixed(s.ratios.hello),
      faster(f.sqlite),
      faster(f.maps),
      `${s.queries}${s.dropped > 0 ? ` (${s.dropped} left out)` : ""}`,
    ];
  });
}

/** Ours ÷ the reading replay in each round, their median (judged) and the ratio of the two medians. */
function roundRows(data: DataResult): { head: string[]; rows: string[][] } {
  const each = data.scenarios.map((s) => roundRatios(s.rounds));
  const most = Math.max(0, ...each.map((list) => list.length));
  const head = [
    "scenario",
    ...Array.from({ length: most }, (_, i) => `round ${i + 1}`),
    "median (judged)",
    "ratio of the medians",
  ];
  const rows = data.scenarios.map((s, k) => [
    s.label,
    ...Array.from({ length: most }, (_, i) => fixed(each[k]![i])),
    fixed(s.ratios.reading),
    fixed(ratiosOf(s.figures).reading),
  ]);
  return { head, rows };
}

/** The latency distribution's header: ours and the reading replay, then ours ÷ the replay at p50 and p99. */
const LATENCY_HEAD = [
  "scenario",
  "ours p50 ms",
  "ours p90 ms",
  "ours p99 ms",
  "reading replay p50 ms",
  "reading replay p90 ms",
  "reading replay p99 ms",
  "p50 ours ÷ reading",
  "p99 ours ÷ reading",
];

function latencyRows(data: DataResult): string[][] {
  const at = (f: Figures | undefined, which: "p50Ms" | "p90Ms" | "p99Ms") =>
    f === undefined ? "–" : f[which].toFixed(2);
  return data.scenarios.map((s) => {
    const ours = s.figures.ours, reading = s.figures.reading;
    return [
      s.label,
      at(ours, "p50Ms"),
      at(ours, "p90Ms"),
      at(ours, "p99Ms"),
      at(reading, "p50Ms"),
      at(reading, "p90Ms"),
      at(reading, "p99Ms"),
      fixed(s.ratios.p50),
      fixed(s.ratios.p99),
    ];
  });
}

function memoryLines(data: DataResult): string[] {
  const ours = data.footprints.find((f) => f.name === "ours");
  if (ours === undefined) return [];
  const peak = ours.peakRssAnonBytes / 1e6;
  const settled = ours.settledRssAnonBytes / 1e6;
  const limits = `peak ≤ ${MEMORY_LIMIT_MB.peak} MB, settled ≤ ${MEMORY_LIMIT_MB.settled} MB`;
  return [
    data.scale === "full"
      ? `Ours at full scale: peak ${peak.toFixed(1)} MB ≤ ${MEMORY_LIMIT_MB.peak} MB ${
        check(peak <= MEMORY_LIMIT_MB.peak)
      }, settled ${settled.toFixed(1)} MB ≤ ${MEMORY_LIMIT_MB.settled} MB ${
        check(settled <= MEMORY_LIMIT_MB.settled)
      }.`
      : `Ours: peak ${peak.toFixed(1)} MB, settled ${
        settled.toFixed(1)
      } MB (the targets, ${limits}, are judged ` +
        "at full scale).",
    "",
  ];
}

function dataSection(data: DataResult): string[] {
  const verdicts = data.scenarios.map((s) => s.verdict);
  const throughput = verdicts.flatMap((v) => v.throughput ? [v.throughput.met] : []);
  const p99 = verdicts.flatMap((v) => v.p99 ? [v.p99.met] : []);
  const met = (list: boolean[]) => `${list.filter(Boolean).length} of ${list.length}`;
  const rounds = roundRows(data);
  const lines = [
    `## ${data.label}`,
    "",
    `Build \`${data.buildId}\`: ${count(data.records.browse)} browse nodes, ${count(data.records.lexicon)} ` +
    `phrases, ${count(data.records.bricks)} bricks, ${
      count(data.records.observations)
    } catalog observations.`,
    "",
    ...table(HEAD, scenarioRows(data), [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14]),
    "",
    `Targets met: ${met(throughput)} requests/s ratios, ${met(p99)} p99 ratios.`,
    "",
    "Requests/s, ours ÷ the reading replay in each round (the servers measured seconds apart, the order " +
    "rotating): the median of these is the ratio judged, so that the machine's drift over a run, which moves " +
    "a median over rounds minutes apart, cancels out.",
    "",
    ...table(rounds.head, rounds.rows, rounds.head.map((_, i) => i).slice(1)),
    "",
    "Latency distribution (each percentile the median over rounds): where the p99 ratio is near the p50 ratio, " +
    "the tail is the queue of a slower server, not pauses of its own.",
    "",
    ...table(LATENCY_HEAD, latencyRows(data), [1, 2, 3, 4, 5, 6, 7, 8]),
    "",
  ];
  if (data.accessLog !== undefined) {
    lines.push(
      `Access log on (the default, every other row) ÷ off, classify 1 id: **${
        fixed(data.accessLog)
      }** (the ` +
        "log's cost; the targets judge the default configuration).",
      "",
    );
  }
  if (data.rateLimit !== undefined) {
    lines.push(
      `Rate limit on (\`RATE_LIMIT=${COUNTED_LIMIT}\`, every request counted, none refused) ÷ off, classify 1 ` +
        `id: **${fixed(data.rateLimit)}**.`,
      "",
    );
  }
  const window = (f: Footprint) =>
    f.windowMs > PEAK_WINDOW_MS ? ` (first ${(f.windowMs / 1000).toFixed(1)} s)` : "";
  lines.push(
    ...table(
      [
        "process",
        "start-up ms (spawn → first classify answered)",
        `peak RssAnon MB, first ${PEAK_WINDOW_MS / 1000} s`,
        "peak at ms",
        "RssAnon MB after the lookups",
      ],
      data.footprints.map((f) => [
        FOOTPRINT_NAMES[f.name],
        f.startMs.toFixed(0),
        `${mb(f.peakRssAnonBytes)}${window(f)}`,
        f.peakAtMs.toFixed(0),
        mb(f.settledRssAnonBytes),
      ]),
      [1, 2, 3, 4],
    ),
    "",
    ...memoryLines(data),
  );
  return lines;
}

function targets(data: readonly DataResult[]): string[] {
  const ours = (scale: DataResult["scale"]) =>
    data.find((d) => d.scale === scale)?.footprints.find((f) => f.name === "ours");
  const embedded = ours("embedded");
  const full = ours("full");
  if (full === undefined) {
    return [
      "## Targets at full scale",
      "",
      "Not measured in this run (`--scale DIR`): start-up ≤ 1.3 × the embedded start-up + 30 ms, RssAnon peak " +
      `over the first ${
        PEAK_WINDOW_MS / 1000
      } s ≤ ${MEMORY_LIMIT_MB.peak} MB, settled ≤ ${MEMORY_LIMIT_MB.settled} MB.`,
      "",
    ];
  }
  const peak = full.peakRssAnonBytes / 1e6;
  const settled = full.settledRssAnonBytes / 1e6;
  const lines = ["## Targets at full scale", ""];
  if (embedded !== undefined) {
    const bound = 1.3 * embedded.startMs + 30;
    lines.push(
      `- Start-up at full scale ${full.startMs.toFixed(0)} ms ≤ 1.3 × ${
        embedded.startMs.toFixed(0)
      } ms + 30 ms = ${bound.toFixed(0)} ms: ${check(full.startMs <= bound)}`,
    );
  }
  lines.push(
    `- Anonymous RSS at full scale, peak over the first ${(full.windowMs / 1000).toFixed(1)} s ${
      peak.toFixed(1)
    } MB ≤ ${MEMORY_LIMIT_MB.peak} MB: ${check(peak <= MEMORY_LIMIT_MB.peak)}`,
    `- Anonymous RSS at full scale, settled ${settled.toFixed(1)} MB ≤ ${MEMORY_LIMIT_MB.settled} MB: ${
      check(settled <= MEMORY_LIMIT_MB.settled)
    }`,
    "",
  );
  return lines;
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
    "the same run are the figures. Both replays send our captured answer (status, headers, body) from a bare " +
    "Deno.serve: the plain replay looks it up by the request target; the reading replay first reads what every " +
    "implementation of the interface must (the URL, X-Request-Id, X-GPC-Release, PAYMENT-SIGNATURE). Each " +
    "requests/s target names the replay it is judged against (its ratio in bold); every scenario's p99 is " +
    `judged against the reading replay's (≤ ${P99_LIMIT}×). Each ratio is the median over rounds of the ratio ` +
    "within a round; each server's figures are its medians over rounds. " +
    "Ours runs in the default configuration (access log " +
    "on, written to /dev/null) with the rate limit off, but for the log-off row and the rate-limit-on row. " +
    '"(faster)": the peer beat ours.',
    "",
    ...report.data.flatMap(dataSection),
    ...targets(report.data),
    "## Answers",
    "",
    ...(problems.length === 0
      ? [
        "Every scenario answered correctly: every wrk request had the expected status, and the answers asked again matched the captured ones (ours, both replays and the peers).",
      ]
      : problems),
    "",
  ].join("\n");
}
