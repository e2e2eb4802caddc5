/**
 * The release id `v<YYYYMMDD>` of a GPC publication, taken from the file and never typed by hand.
 *
 * XML and JSON carry `dateUtc` / `DateUtc` as day/month/year without zero padding (`2/12/2024` is
 * 2 December 2024). XLSX carries no date, so its id comes from the download name, which holds it as
 * `v<YYYYMMDD>` (`GPC as of November 2025 v20251127 GB.xlsx`). When both are present they must agree.
 */
import { BuildError } from "../input/build_error.ts";

const DAY_MONTH_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/;
const NAME_ID = /(?:^|[^0-9A-Za-z])v(\d{8})(?![0-9])/;

/** `v<YYYYMMDD>` of a real calendar date, or undefined when the date does not exist. */
function releaseIdOf(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day;
  if (!real || year < 1000) return undefined;
  return `v${String(year).padStart(4, "0")}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}`;
}

/** Turns a `dateUtc` value (`2/12/2024`) into `v20241202`; throws BuildError naming `file` and `where`. */
export function releaseIdFromDateUtc(dateUtc: string, file: string, where: string): string {
  const match = DAY_MONTH_YEAR.exec(dateUtc.trim());
  if (match === null) throw new BuildError(file, where, `date "${dateUtc}" is not day/month/year`);
  const id = releaseIdOf(Number(match[3]), Number(match[2]), Number(match[1]));
  if (id === undefined) throw new BuildError(file, where, `date "${dateUtc}" is not a calendar date`);
  return id;
}

/** The `v<YYYYMMDD>` in a file's name, undefined when the name has none; throws if it is not a real date. */
export function releaseIdFromFileName(path: string): string | undefined {
  const name = path.split(/[\\/]/).pop() ?? path;
  const match = NAME_ID.exec(name);
  if (match === null) return undefined;
  const digits = match[1]!;
  const id = releaseIdOf(Number(digits.slice(0, 4)), Number(digits.slice(4, 6)), Number(digits.slice(6, 8)));
  if (id === undefined) {
    throw new BuildError(path, "file name", `release id v${digits} is not a calendar date`);
  }
  return id;
}

/**
 * The release id of `file`: from its `dateUtc` (undefined when the file has none, "where" names the field),
 * else from its name; a disagreement between the two, or neither, is a BuildError.
 */
export function resolveReleaseId(file: string, dateUtc: string | undefined, where: string): string {
  const fromName = releaseIdFromFileName(file);
  if (dateUtc === undefined) {
    if (fromName === undefined) {
      throw new BuildError(file, where, "has no date and the file name has no v<YYYYMMDD> release id");
    }
    return fromName;
  }
  const fromDate = releaseIdFromDateUtc(dateUtc, file, where);
  if (fromName !== undefined && fromName !== fromDate) {
    throw new BuildError(
      file,
      where,
      `date "${dateUtc}" is release ${fromDate} but the file name says ${fromName}`,
    );
  }
  return fromDate;
}

/** The `dateUtc` spelling (`2/12/2024`) of a release id (`v20241202`), as the publications write it. */
export function dateUtcOfReleaseId(release: string): string {
  const match = /^v(\d{4})(\d{2})(\d{2})$/.exec(release);
  if (match === null) throw new Error(`release id "${release}" is not v<YYYYMMDD>`);
  return `${Number(match[3])}/${Number(match[2])}/${match[1]}`;
}
