/**
 * The classify result of a browse node as JSON text: the `browse_id` echo, then its record's fields in
 * published order (nulls for an id the tree lacks). The runtime makes it once per record and keeps only the
 * text (src/store/shard_reader.ts `text`), so a batch is a join of kept texts and no decoded record stays.
 *
 * The build stores each browse record as its fields' JSON text (`browseRecordJson`), so that the first read
 * of a record decodes one string and writes no JSON: the text is sent as it is. Dists built before stored the
 * record itself (a MessagePack map); both are read (`browseResultText`, `browseRecordOf`) and answer alike.
 */
import type { BrowseRecord } from "./shard_records.ts";

const UNMAPPED_FIELDS = `"gpc":null,"match_precision":null,"match_source":null,"inherited_from":null,` +
  `"assurance_state":null,"attribute_count":0,"attribute_schema":null}`;

/** A browse shard's stored value: the record's fields as JSON text, or in dists built before, the record. */
export type StoredBrowse = string | BrowseRecord;

/** The fields of `record` as a JSON object's text, in published order: the browse shard's stored value. */
export function browseRecordJson(record: BrowseRecord): string {
  return JSON.stringify({
    gpc: record.gpc,
    match_precision: record.match_precision,
    match_source: record.match_source,
    inherited_from: record.inherited_from,
    assurance_state: record.assurance_state,
    attribute_count: record.attribute_count,
    // Dists built before schemas had states held published schemas only.
    attribute_schema: record.attribute_schema ?? (record.gpc?.level === "brick" ? "published" : null),
  });
}

/** `id` is a browse_id the request validated as 1 to 20 ASCII digits, or a shard key: no escaping needed. */
export function browseResultText(id: string, stored: StoredBrowse | undefined): string {
  if (stored === undefined) return `{"browse_id":"${id}",${UNMAPPED_FIELDS}`;
  const json = typeof stored === "string" ? stored : browseRecordJson(stored);
  return `{"browse_id":"${id}",${json.slice(1)}`;
}

/** The record a browse shard's stored value stands for, frozen. */
export function browseRecordOf(stored: StoredBrowse): BrowseRecord {
  if (typeof stored !== "string") return stored;
  const record = JSON.parse(stored) as BrowseRecord;
  if (record.gpc !== null) Object.freeze(record.gpc);
  return Object.freeze(record);
}
