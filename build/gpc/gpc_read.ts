/**
 * Reads a GS1 GPC publication in whichever published format its extension names (`.xml`, `.json`,
 * `.xlsx`), so the build accepts any download GS1 offers.
 */
import { BuildError } from "../input/build_error.ts";
import type { GpcRelease, ReadProgress } from "./gpc_model.ts";
import { readGpcJson } from "./gpc_json_reader.ts";
import { readGpcXlsx } from "./gpc_xlsx_reader.ts";
import { readGpcXml } from "./gpc_xml_reader.ts";

const READERS: Record<string, (path: string, onProgress?: ReadProgress) => Promise<GpcRelease>> = {
  ".xml": readGpcXml,
  ".json": readGpcJson,
  ".xlsx": readGpcXlsx,
};

/** Reads `path` with the reader of its extension; any other extension is a BuildError. */
export function readGpc(path: string, onProgress?: ReadProgress): Promise<GpcRelease> {
  const extension = /\.[^./\\]+$/.exec(path)?.[0].toLowerCase() ?? "";
  const reader = READERS[extension];
  if (reader === undefined) {
    return Promise.reject(
      new BuildError(
        path,
        "file name",
        `extension "${extension}" is not a GPC publication format (.xml, .json, .xlsx)`,
      ),
    );
  }
  return reader(path, onProgress);
}
