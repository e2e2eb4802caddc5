/**
 * Warnings: what the build reports and carries on past (a mapping table curated against another release,
 * no catalog, an unreviewed curation flag), unless `--strict` makes warnings fail it. Every warning names
 * its file and place, like a BuildError, so the failure lists exactly what to fix.
 */

/** One warning of a build. */
export interface BuildWarning {
  /** The input file, or the data folder for a warning about a missing input. */
  readonly file: string;
  /** The row or element inside the file ("line 314"), or "" for the whole file. */
  readonly where: string;
  readonly message: string;
}

/** A warning as one line: `file: where: message`. */
export function formatWarning(warning: BuildWarning): string {
  return [warning.file, warning.where, warning.message].filter((part) => part !== "").join(": ");
}

/** The failure of a `--strict` build that has warnings: it lists every one, and nothing is written. */
export class StrictBuildError extends Error {
  override readonly name = "StrictBuildError";
  constructor(readonly warnings: readonly BuildWarning[]) {
    super(
      `--strict: ${warnings.length} warning${warnings.length === 1 ? " fails" : "s fail"} the build:\n` +
        warnings.map((warning) => `  ${formatWarning(warning)}`).join("\n"),
    );
  }
}
