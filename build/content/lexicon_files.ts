/**
 * The lexicon as several files: data/lexicon/ holds one file per GPC segment (`<segment code>-<name>.csv`,
 * phrases whose bricks all lie in that segment) and `cross-segment.csv` (phrases whose bricks span several
 * segments), so that curators of different segments never edit the same file. Each file is read as the
 * single-file format says (lexicon_reader.ts); together they are one lexicon:
 *
 * - every file declares the same `lexicon_version` (the version of the whole lexicon, recorded in the
 *   manifest): a file declaring another is a BuildError naming it and the first file;
 * - a phrase is in one file only: two rows equal after normalisation, in two files, are a BuildError naming
 *   both (within one file the reader already says so);
 * - each file declares the release it was curated against, and is carried into each served release on its
 *   own (carry_forward.ts).
 */
import { BuildError } from "../input/build_error.ts";
import { splitCsvMetadata } from "../input/csv_parse.ts";
import { normalisePhrase } from "../../src/format/phrase_normalise.ts";
import type { CodeRecord, LexiconRecord } from "../../src/format/shard_records.ts";
import type { CarryForward } from "./carry_forward.ts";
import { type CompiledLexicon, parseLexicon } from "./lexicon_reader.ts";

/** One lexicon file, read. */
export interface LexiconFile {
  readonly file: string;
  readonly text: string;
}

/** The whole lexicon and, per file, where it was curated and how it carried. */
export interface CompiledLexiconFiles extends CompiledLexicon {
  readonly files: readonly {
    readonly file: string;
    /** The release the file declares it was curated against, if it says. */
    readonly declared: string | undefined;
    /** Undefined when the file was curated for the release compiled. */
    readonly carry: CarryForward | undefined;
    readonly phrases: number;
    readonly stale: number;
    readonly retitled: number;
  }[];
}

/**
 * Parses every file against the release's codes (`carryOf` gives a file's carry from the release it
 * declares) and joins them; throws BuildError on a file of another version or a phrase in two files.
 */
export function parseLexiconFiles(
  files: readonly LexiconFile[],
  codes: ReadonlyMap<string, CodeRecord>,
  carryOf: (declared: string | undefined) => CarryForward | undefined,
): CompiledLexiconFiles {
  const records = new Map<string, LexiconRecord>();
  const where = new Map<string, { readonly file: string; readonly line: number }>();
  const joined = {
    inactive_bricks: [] as CompiledLexicon["inactive_bricks"][number][],
    rows: [] as CompiledLexicon["rows"][number][],
    stale_phrases: [] as CompiledLexicon["stale_phrases"][number][],
    retitled: [] as CompiledLexicon["retitled"][number][],
  };
  const perFile: CompiledLexiconFiles["files"][number][] = [];
  let version: { readonly value: string; readonly file: string } | undefined;
  for (const { file, text } of files) {
    const declared = splitCsvMetadata(text, file).metadata.get("gpc_release");
    const carry = carryOf(declared);
    const compiled = parseLexicon(text, file, codes, carry);
    if (version === undefined) version = { value: compiled.lexicon_version, file };
    else if (compiled.lexicon_version !== version.value) {
      throw new BuildError(
        file,
        "metadata",
        `lexicon_version ${compiled.lexicon_version} differs from ${version.value} of ${version.file}: ` +
          "the files of data/lexicon are one lexicon with one version",
      );
    }
    for (const row of compiled.rows) {
      const key = normalisePhrase(row.phrase);
      const earlier = where.get(key);
      if (earlier !== undefined) {
        throw new BuildError(
          file,
          `line ${row.line}`,
          `phrase "${row.phrase}" normalises to "${key}", already in ${earlier.file} line ${earlier.line}`,
        );
      }
      where.set(key, { file, line: row.line });
    }
    for (const [key, record] of compiled.records) records.set(key, record);
    joined.inactive_bricks.push(...compiled.inactive_bricks);
    joined.rows.push(...compiled.rows);
    joined.stale_phrases.push(...compiled.stale_phrases);
    joined.retitled.push(...compiled.retitled);
    perFile.push({
      file,
      declared,
      carry,
      phrases: compiled.records.size,
      stale: compiled.stale_phrases.length,
      retitled: compiled.retitled.length,
    });
  }
  if (version === undefined) throw new TypeError("parseLexiconFiles needs at least one file");
  return { lexicon_version: version.value, records, ...joined, files: perFile };
}
