/**
 * A review sheet in Markdown: each sampled item with the service's answer and GS1's text about it, from a
 * full GPC publication (definitions and "Type of …" values of every segment): the answered brick's
 * definition, or the bricks under an answered class, family or segment; and the bricks whose "Type of …"
 * values equal the node's name or the phrase. No curator's note: the reviewer judges the answer from GS1's
 * text alone.
 */
import type { GpcRelease } from "../gpc/gpc_model.ts";
import { findPlacements, type PlacementIndex } from "../gpc/gpc_placements.ts";
import type { GpcNodeView } from "../../src/format/shard_records.ts";
import type { NodeItem, PhraseItem } from "./review_items.ts";

/** What the sheet says of a code: its title, its ancestry, its definition, the bricks under it. */
interface Described {
  readonly title: string;
  readonly path: string;
  readonly definition: string;
  readonly bricks: readonly { readonly code: string; readonly title: string }[];
}

/** Every hierarchy code of `release`, described. */
export function describeCodes(release: GpcRelease): Map<string, Described> {
  const out = new Map<string, Described>();
  for (const s of release.segments) {
    const sBricks: { code: string; title: string }[] = [];
    for (const f of s.families) {
      const fBricks: { code: string; title: string }[] = [];
      for (const c of f.classes) {
        const cBricks = c.bricks.map((b) => ({ code: b.code, title: b.title }));
        for (const b of c.bricks) {
          const excludes = b.definitionExcludes === "" ? "" : ` Excludes: ${b.definitionExcludes}`;
          out.set(b.code, {
            title: b.title,
            path: [s.title, f.title, c.title, b.title].join(" > "),
            definition: `${b.definition}${excludes}`,
            bricks: [],
          });
        }
        out.set(c.code, {
          title: c.title,
          path: [s.title, f.title, c.title].join(" > "),
          definition: c.definition,
          bricks: cBricks,
        });
        fBricks.push(...cBricks);
      }
      out.set(f.code, {
        title: f.title,
        path: [s.title, f.title].join(" > "),
        definition: f.definition,
        bricks: fBricks,
      });
      sBricks.push(...fBricks);
    }
    out.set(s.code, { title: s.title, path: s.title, definition: s.definition, bricks: sBricks });
  }
  return out;
}

const MAX_BRICKS = 40;

function nodeText(codes: ReadonlyMap<string, Described>, node: GpcNodeView): string[] {
  const described = codes.get(node.code);
  const lines = [
    `- **${node.code} ${node.title}** (${node.level}): ${described?.path ?? "not in the reference"}`,
  ];
  if (described === undefined) return lines;
  if (node.level === "brick") {
    lines.push(`  - Definition: ${described.definition || "(none in the reference)"}`);
  } else {
    const shown = described.bricks.slice(0, MAX_BRICKS).map((b) => `${b.code} ${b.title}`).join("; ");
    const more = described.bricks.length > MAX_BRICKS
      ? `; … ${described.bricks.length - MAX_BRICKS} more`
      : "";
    lines.push(`  - Bricks under it (${described.bricks.length}): ${shown}${more}`);
  }
  return lines;
}

function placementText(index: PlacementIndex, text: string): string[] {
  const found = findPlacements(index, text);
  if (found.placements.length === 0) return [`- No "Type of …" value of GS1 equals "${text}".`];
  const how = found.head === null ? "equals" : `ends in "${found.head}", which equals`;
  return [
    `- "${text}" ${how} GS1 "Type of …" value(s) ${found.values.join(", ")}, listed under:`,
    ...found.placements.map((p) => `  - ${p.brick} ${p.brick_title} (${p.attribute_type_title}: ${p.value})`),
  ];
}

/** The sheet of `items` (numbered from 1), with GS1's text from `codes` and `index`. */
export function reviewSheet(
  title: string,
  items: readonly (NodeItem | PhraseItem)[],
  codes: ReadonlyMap<string, Described>,
  index: PlacementIndex,
): string {
  const out = [`# ${title}`, ""];
  items.forEach((item, i) => {
    out.push(`## ${i + 1}.`, "");
    if (item.kind === "node") {
      out.push(`Browse node (tree ${item.tree}, id ${item.id}): **${item.path}**`, "");
      if (item.gpc === null) out.push("Answer: no GPC node (gpc null).");
      else {
        const source = item.match_source === "inherited"
          ? `inherited from the ancestor "${item.inherited_from}"`
          : "its own mapping";
        out.push(
          `Answer: ${item.gpc.level} ${item.gpc.code} ${item.gpc.title}, precision ${item.match_precision}, ${source}.`,
        );
      }
      out.push("", "GS1's text:");
      if (item.gpc !== null) out.push(...nodeText(codes, item.gpc));
      out.push(...placementText(index, item.name));
    } else {
      out.push(`Phrase: **"${item.phrase}"**`, "");
      out.push(
        `Answer: ${item.bricks.length} brick(s): ${
          item.bricks.map((b) => `${b.code} ${b.title}`).join("; ")
        }.`,
      );
      out.push("", "GS1's text:");
      for (const brick of item.bricks) out.push(...nodeText(codes, brick));
      out.push(...placementText(index, item.phrase));
    }
    out.push("");
  });
  return out.join("\n");
}
