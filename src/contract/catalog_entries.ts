/**
 * The paid catalog operations in the operation list (shopper, marketing, analyst): each one's path, MCP tool
 * and example requests, with the query and answer schemas its implementation validates and answers with
 * (src/catalog/catalog_operations.ts) and the texts of catalog_texts.ts.
 */
import { CATALOG_SERVED } from "../catalog/catalog_operations.ts";
import { MAX_VALUE_CHARS } from "../catalog/catalog_params.ts";
import { CATALOG_OPERATIONS, type CatalogOperation } from "../operation/operations.ts";
import { CATALOG_ANSWERS, paidResponses } from "./openapi_answers.ts";
import { CATALOG_TEXTS } from "./catalog_texts.ts";
import type { ExampleQuery, OperationEntry } from "./operation_entry.ts";

/** The component name of an operation's 200 body. */
export const responseSchemaName = (operation: string) =>
  `${operation[0]!.toUpperCase()}${operation.slice(1)}Response`;

/** Where each catalog operation is served, the MCP tool offering it and its example requests. */
const CATALOG_PLACES: Readonly<
  Record<CatalogOperation, {
    readonly path: string;
    readonly tool: string;
    readonly title: string;
    readonly examples: Readonly<Record<string, ExampleQuery>>;
  }>
> = {
  getBestPrice: {
    path: "/v1/shopper/best-price",
    tool: "get_best_price",
    title: "Best current price of products matching a search",
    examples: { search: { country: "ca", q: "kraft singles", limit: "2" } },
  },
  findDeals: {
    path: "/v1/shopper/deal-finder",
    tool: "find_deals",
    title: "Current deals of a category",
    examples: {
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
  },
  getPriceDropAlerts: {
    path: "/v1/shopper/price-drop-alert",
    tool: "get_price_drop_alerts",
    title: "Price alerts of products matching a search",
    examples: {
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
  },
  getCompetitiveLandscape: {
    path: "/v1/marketing/competitive-landscape",
    tool: "get_competitive_landscape",
    title: "Competitive landscape of a category",
    examples: {
      category: { country: "ca", category: "bread" },
      one_retailer: { country: "ca", category: "bread", retailer: "No Frills" },
    },
  },
  getBrandTracker: {
    path: "/v1/marketing/brand-tracker",
    tool: "get_brand_tracker",
    title: "A brand's prices, distribution and promotions",
    examples: { brand: { country: "ca", brand: "PC" } },
  },
  getShareOfShelf: {
    path: "/v1/marketing/share-of-shelf",
    tool: "get_share_of_shelf",
    title: "Share of shelf of a category's brands",
    examples: { category: { country: "us", category: "bread" } },
  },
  getInflationIndex: {
    path: "/v1/analyst/inflation",
    tool: "get_inflation_index",
    title: "Weekly price index of a category",
    examples: { category: { country: "ca", category: "bread" } },
  },
  getPriceDispersion: {
    path: "/v1/analyst/price-dispersion",
    tool: "get_price_dispersion",
    title: "Price dispersion of a category",
    examples: { category: { country: "us", category: "rice" } },
  },
};

const NOT_FOUND = "The input resolves to nothing (NO_RESULTS), the retailer is unknown in the country " +
  "(NO_RESULTS, details.known_retailers), or the retailer is not serving-eligible " +
  "(RETAILER_NOT_SERVING_ELIGIBLE, details {retailer, quality_status, serving_eligible_retailers}).";

/** The served catalog operations. */
export const CATALOG_ENTRIES: readonly OperationEntry[] = Object.entries(CATALOG_PLACES).flatMap(
  ([id, place]) => {
    const served = CATALOG_SERVED[id as CatalogOperation];
    if (served === undefined) return [];
    const { summary, description } = CATALOG_TEXTS[id as CatalogOperation];
    const entry: OperationEntry = {
      id,
      path: place.path,
      serves: "catalog",
      tag: CATALOG_OPERATIONS[id as CatalogOperation].group,
      paid: true,
      pinned: false,
      query: served.query,
      maxLength: () => MAX_VALUE_CHARS,
      response: served.response,
      responseName: responseSchemaName(id),
      summary,
      description: () =>
        `${description} Every answer carries X-Data-Freshness-Hours and a meta block ` +
        "(served_from, generated, freshness_seconds, schema_version); the us data is generated.",
      notFound: CATALOG_ANSWERS.notFound,
      responses: (deployment) =>
        paidResponses(
          deployment,
          responseSchemaName(id),
          NOT_FOUND,
          CATALOG_ANSWERS,
          "The answer: meta, resolved (or query), the figures, and method.",
        ),
      examples: place.examples,
      tools: [{ name: place.tool, title: place.title }],
    };
    return [entry];
  },
);
