/**
 * Reads the curated phrase lexicon into the records of the `lexicon` shard (normalised phrase → bricks).
 *
 * Format: leading metadata lines `# key: value` (`lexicon_version` required, printable ASCII without
 * spaces), then RFC 4180 CSV with the header `phrase,gpc_codes,note`. `gpc_codes` holds one or more
 * 8-digit brick codes separated by `;`, served in that order. Errors (BuildError naming the line): an empty
 * phrase, two phrases equal after normalisation, an empty or malformed code, a code listed twice in a row,
 * a code that is not a brick of the release (absent, or a segment, family, class or attribute code).
 * Certain-or-blank: the lexicon only ever answers bricks. A brick that the release marks inactive is still
 * served (it is a brick of the release) and listed in `inactive_bricks` for the build report.
 *
 * Compiled for another release than the one it was curated against (`carry`, carry_forward.ts), a code the
 * release retired, lacks or moved is not an error: the phrase is stale and answers blank (it is left out of
 * the shard, as a phrase the lexicon does not carry), because its list of bricks is no longer certain to be
 * every brick it means; it is listed in `stale_phrases`. A retitled brick carries over and is listed.
 */
import { GPC_CODE } from "../gpc/gpc_validate.ts";
import { BuildError } from "../input/build_error.ts";
import { csvTable, parseCsv, requiredVersion, splitCsvMetadata } from "../input/csv_parse.ts";
import { normalisePhrase } from "../../src/format/phrase_normalise.ts";
import type { CodeKind, CodeRecord, GpcNodeView, LexiconRecord } from "../../src/format/shard_records.ts";
import { carriedCode, type CarryForward, type RetitledCode } from "./carry_forward.ts";

/** A phrase left out of the release because a code of its row is stale there. */
export interface StalePhrase {
  readonly file: string;
  readonly phrase: string;
  readonly line: number;
  /** The row's stale codes and why each is stale. */
  readonly stale: readonly { readonly gpc_code: string; readonly reason: "retired" | "absent" | "moved" }[];
}

/** An inactive brick a lexicon row names. */
export interface InactiveLexiconBrick {
  readonly file: string;
  readonly phrase: string;
  readonly gpc_code: string;
  readonly line: number;
}

/** One row of the lexicon as written, for the curation report. */
export interface LexiconRow {
  /** The lexicon file that holds the row. */
  readonly file: string;
  /** As written (the shard's key is its normalised form). */
  readonly phrase: string;
  readonly gpc_codes: readonly string[];
  readonly note: string;
  readonly line: number;
}

/** The lexicon shard's records and what the build reports about them. */
export interface CompiledLexicon {
  readonly lexicon_version: string;
  /** Normalised phrase → its bricks, in file order. */
  readonly records: Map<string, LexiconRecord>;
  readonly inactive_bricks: readonly InactiveLexiconBrick[];
  /** The rows in file order. */
  readonly rows: readonly LexiconRow[];
  /** Phrases answering blank in this release (content curated against another), in file order. */
  readonly stale_phrases: readonly StalePhrase[];
  /** Rows naming a brick this release retitled, in file order. */
  readonly retitled: readonly (RetitledCode & {
    readonly file: string;
    readonly phrase: string;
    readonly line: number;
  })[];
}

const KIND_NAME: Readonly<Record<CodeKind, string>> = {
  segment: "a segment",
  family: "a family",
  class: "a class",
  brick: "a brick",
  attribute_type: "an attribute type",
  attribute_value: "an attribute value",
};

/**
 * Parses and checks the lexicon against the release's codes; throws BuildError naming the row of a problem.
 * `carry`: the lexicon was curated against another release (see above).
 */
export function parseLexicon(
  text: string,
  file: string,
  codes: ReadonlyMap<string, CodeRecord>,
  carry?: CarryForward,
): CompiledLexicon {
  const { metadata, body, bodyLine } = splitCsvMetadata(text, file);
  const version = requiredVersion(metadata, "lexicon_version", file);
  const table = csvTable(parseCsv(body, file, bodyLine), file, ["phrase", "gpc_codes", "note"]);
  const records = new Map<string, LexiconRecord>();
  const lineOf = new Map<string, number>();
  const inactive: InactiveLexiconBrick[] = [];
  const rows: LexiconRow[] = [];
  const stalePhrases: StalePhrase[] = [];
  const retitled: CompiledLexicon["retitled"][number][] = [];
  for (const row of table.rows) {
    const where = `line ${row.line}`;
    const phrase = row.get("phrase");
    const key = normalisePhrase(phrase);
    if (key === "") throw new BuildError(file, where, "phrase is empty");
    const earlier = lineOf.get(key);
    if (earlier !== undefined) {
      throw new BuildError(
        file,
        where,
        `phrase "${phrase}" normalises to "${key}", already on line ${earlier}`,
      );
    }
    const listed = row.get("gpc_codes").split(";").map((code) => code.trim());
    const bricks: GpcNodeView[] = [];
    const seen = new Set<string>();
    const stale: StalePhrase["stale"][number][] = [];
    for (const code of listed) {
      if (!GPC_CODE.test(code)) throw new BuildError(file, where, `gpc code "${code}" is not 8 digits`);
      if (seen.has(code)) throw new BuildError(file, where, `gpc code ${code} is listed twice`);
      seen.add(code);
      const carried = carry === undefined ? {} : carriedCode(code, codes, carry);
      if (carried.stale !== undefined) {
        stale.push({ gpc_code: code, reason: carried.stale });
        continue;
      }
      if (carried.retitled !== undefined) {
        retitled.push({ ...carried.retitled, file, phrase, line: row.line });
      }
      const record = codes.get(code);
      if (record === undefined) {
        throw new BuildError(file, where, `gpc code ${code} is not in the GPC release`);
      }
      if (record.kind !== "brick" || record.node === undefined) {
        throw new BuildError(file, where, `gpc code ${code} is ${KIND_NAME[record.kind]}, not a brick`);
      }
      if (!record.active) inactive.push({ file, phrase: key, gpc_code: code, line: row.line });
      bricks.push(record.node);
    }
    lineOf.set(key, row.line);
    if (stale.length === 0) records.set(key, { gpc: bricks });
    else stalePhrases.push({ file, phrase, line: row.line, stale });
    rows.push({ file, phrase, gpc_codes: listed, note: row.get("note").trim(), line: row.line });
  }
  return {
    lexicon_version: version,
    records,
    inactive_bricks: inactive,
    rows,
    stale_phrases: stalePhrases,
    retitled,
  };
}
