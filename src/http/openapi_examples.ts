/**
 * The example requests the OpenAPI document carries: for each operation, named requests that the embedded
 * default (data/) answers 200, each written as its query's decoded values. The document puts each value on
 * its parameter under the example's name, so the parameters that share an example name form one request;
 * test/http/openapi_requests_test.ts sends every one of them to the embedded default and expects a 200.
 */
import { BRICK_ATTRIBUTES_OPERATION, CLASSIFY_OPERATION } from "../operation/operations.ts";

/** One example request: its query parameters, by name, as decoded text. */
export type ExampleQuery = Readonly<Record<string, string>>;

/** The example requests of each operation that takes parameters, by operation id and example name. */
export const EXAMPLE_QUERIES: Readonly<Record<string, Readonly<Record<string, ExampleQuery>>>> = {
  [CLASSIFY_OPERATION]: {
    browse_ids: { browse_id: "16318751,18776871011,1" },
    phrases: { q: "bread,olive oil,nope" },
  },
  [BRICK_ATTRIBUTES_OPERATION]: { bricks: { gpc_code: "10000155,10000164" } },
  getBestPrice: { search: { country: "ca", q: "kraft singles", limit: "2" } },
  findDeals: {
    category: { country: "ca", category: "dairy & eggs", limit: "2" },
    all_options: {
      country: "ca",
      category: "pantry",
      min_discount: "2.5",
      window: "31d",
      sort: "abs",
      limit: "5",
    },
  },
  getPriceDropAlerts: {
    search: { country: "ca", q: "coffee", direction: "any", limit: "2" },
    all_options: {
      country: "ca",
      q: "milk",
      threshold_pct: "30",
      target: "3.5",
      direction: "down",
      limit: "5",
    },
  },
  getCompetitiveLandscape: {
    category: { country: "ca", category: "bread" },
    one_retailer: { country: "ca", category: "bread", retailer: "No Frills" },
  },
  getBrandTracker: { brand: { country: "ca", brand: "PC" } },
  getShareOfShelf: { category: { country: "us", category: "bread" } },
  getInflationIndex: { category: { country: "ca", category: "bread" } },
  getPriceDispersion: { category: { country: "us", category: "rice" } },
  getRetailers: { country: { country: "ca" } },
};
