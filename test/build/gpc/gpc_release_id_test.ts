import { deepStrictEqual, throws } from "node:assert/strict";
import {
  dateUtcOfReleaseId,
  releaseIdFromDateUtc,
  releaseIdFromFileName,
  resolveReleaseId,
} from "../../../build/gpc/gpc_release_id.ts";

const DATES: [string, string][] = [
  ["2/12/2024", "v20241202"],
  ["27/11/2025", "v20251127"],
  ["09/05/2025", "v20250509"],
  ["29/2/2024", "v20240229"],
  ["2/12/2024 00:00:00", "v20241202"],
];
for (const [date, id] of DATES) {
  Deno.test(`dateUtc "${date}" is release ${id}`, () =>
    deepStrictEqual(releaseIdFromDateUtc(date, "f.xml", "dateUtc"), id));
}

const BAD_DATES: [string, RegExp][] = [
  ["31/2/2024", /is not a calendar date$/],
  ["29/2/2025", /is not a calendar date$/],
  ["2/13/2024", /is not a calendar date$/],
  ["2024-12-02", /is not day\/month\/year$/],
  ["", /is not day\/month\/year$/],
];
for (const [date, problem] of BAD_DATES) {
  Deno.test(`dateUtc "${date}" is refused`, () =>
    throws(() => releaseIdFromDateUtc(date, "f.xml", "dateUtc"), {
      name: "BuildError",
      file: "f.xml",
      where: "dateUtc",
      problem,
    }));
}

const NAMES: [string, string | undefined][] = [
  ["GPC as of November 2025 v20251127 GB.xlsx", "v20251127"],
  ["/data/gpc/GPC as of May 2025 v20250509 DE.xml", "v20250509"],
  ["GPC as of November 2021 (GDSN) v20211209 RU.xml", "v20211209"],
  ["gpc-en-v20241202-excerpt-single-brick.xml", "v20241202"],
  ["gpc.json", undefined],
  ["gpcv20241202.json", undefined],
  ["v202412021.json", undefined],
];
for (const [name, id] of NAMES) {
  Deno.test(`file name "${name}" gives ${id ?? "no release id"}`, () =>
    deepStrictEqual(releaseIdFromFileName(name), id));
}

Deno.test("a file name release id that is not a calendar date is refused", () =>
  throws(() => releaseIdFromFileName("GPC v20250231 GB.xlsx"), {
    name: "BuildError",
    where: "file name",
    problem: "release id v20250231 is not a calendar date",
  }));

Deno.test("dateUtc wins when the file name agrees or has no id", () => {
  deepStrictEqual(resolveReleaseId("GPC v20241202 GB.xml", "2/12/2024", "dateUtc"), "v20241202");
  deepStrictEqual(resolveReleaseId("gpc.xml", "2/12/2024", "dateUtc"), "v20241202");
});

Deno.test("dateUtc and file name that disagree are refused", () =>
  throws(() => resolveReleaseId("GPC v20250509 GB.xml", "2/12/2024", "dateUtc"), {
    name: "BuildError",
    problem: 'date "2/12/2024" is release v20241202 but the file name says v20250509',
  }));

Deno.test("a file with neither a date nor a release id in its name is refused", () =>
  throws(() => resolveReleaseId("gpc.xlsx", undefined, "file name"), {
    name: "BuildError",
    where: "file name",
    problem: "has no date and the file name has no v<YYYYMMDD> release id",
  }));

Deno.test("a release id is written back as GS1's unpadded day/month/year", () => {
  deepStrictEqual(dateUtcOfReleaseId("v20241202"), "2/12/2024");
  deepStrictEqual(dateUtcOfReleaseId("v20250509"), "9/5/2025");
});
