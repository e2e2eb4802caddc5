/**
 * Records of the shopper shards (best-price, deal-finder, price-drop-alert), compiled from the catalog
 * snapshots. Keys are `<country>:<...>`. A *scope* is `*` (every retailer) or a retailer's index (as text):
 * with `retailer`, an answer reads that retailer's scope, where only its offers and listings exist.
 *
 * Products with a current price in a scope are numbered by their *ordinal*: their position in the scope's
 * ranking order (unit price known first, by basis kg, L, each, then unit price, price, name, id), so that
 * the runtime ranks search matches by sorting small integers, never by reading the products.
 */

/** The scope of every retailer. */
export const ALL_SCOPE = "*";

/**
 * shopper_search `<cc>:t:<word>` (a whole word of a name or brand) and `<cc>:p:<prefix>` (every prefix of
 * such a word, the word included): per scope, ascending entries `ordinal × 8 + flags`. Flags of a `t:` entry:
 * SEARCH_FLAG_NAME when the word is in the product's name (not only its brand), SEARCH_FLAG_HEAD when it is
 * the name's last word (before a comma and a size: "Peanut Butter, 1 Kg" → butter), SEARCH_FLAG_KIND when
 * it is a word of a kind the category of a current listing names ("Dairy & Eggs > Butter" → butter). A `p:`
 * entry carries only
 * SEARCH_FLAG_NAME (a word with the prefix is in the name).
 */
export type SearchPosting = Readonly<Record<string, readonly number[]>>;

/** A posting flag: the word is in the product's name. */
export const SEARCH_FLAG_NAME = 1;
/** A posting flag: the word is the last word of the product's name. */
export const SEARCH_FLAG_HEAD = 2;
/** A posting flag: the word is a word of the kind the product's category names. */
export const SEARCH_FLAG_KIND = 4;

/**
 * shopper_search `<cc>:s:<scope>`: the scope's products by ordinal, and their listings (the price-drop-alert
 * figures) in parallel arrays: listings of ordinal o are `listing_start[o]` to `listing_start[o + 1] − 1`.
 */
export interface SearchScope {
  /** Ordinal → product id (the shopper_products key). */
  readonly ids: readonly string[];
  /**
   * Ordinal → ranking group of the product's best offer in the scope: 1 kg, 2 L, 3 each (a unit price in
   * that basis), 0 a price per item without a unit price, 4 a price of unstated basis (ranked last, never
   * against prices per item).
   */
  readonly basis: readonly number[];
  /**
   * Ordinal → a bit mask of the sizes, in words, of the kinds the categories of its current listings name
   * (bit 1: a one-word kind such as butter); see SEARCH_FLAG_KIND.
   */
  readonly kind_sizes: readonly number[];
  /** Ordinal → first listing; one more entry than ordinals. */
  readonly listing_start: readonly number[];
  /** Listing → retailer index. */
  readonly listing_retailer: readonly number[];
  /** Listing → current price. */
  readonly listing_price: readonly number[];
  /** Listing → current price − previous different price (2 decimals), null without a previous price. */
  readonly listing_change: readonly (number | null)[];
  /** Listing → the change in percent of the previous price (1 decimal), null without a previous price. */
  readonly listing_change_pct: readonly (number | null)[];
  /** Listing → its position in the scope by |change_pct| descending (nulls last), product name, retailer. */
  readonly listing_order: readonly number[];
  /** Position → listing: the inverse of listing_order. */
  readonly listing_by_order: readonly number[];
}

/**
 * One current offer of a product (a listing with a current price), as JSON fragments: what best-price
 * serves when this offer is the best one or one of the offers, and the listing's price-drop-alert row.
 */
export interface ShopperOffer {
  readonly retailer: number;
  /** The category this retailer files the product under, as a JSON string. */
  readonly category: string;
  /** The `best` object when this offer is the best one. */
  readonly best: string;
  /** The entry of `offers`. */
  readonly offer: string;
  /** The `savings_vs_median` object when this offer is the best one (median over every retailer). */
  readonly savings: string;
  /** The alert row's members after `brand` and before the per-request `triggered`, `trigger`. */
  readonly alert: string;
  /** Outliers among the listing's observations. */
  readonly alert_outliers: number;
}

/** An offer of a product that expired before the catalog's reference instant, listed apart and marked. */
export interface ExpiredOffer {
  readonly retailer: number;
  /** `{"retailer":…,"price":…,"observed_at":…,"valid_until":…,"expired":true}` */
  readonly json: string;
}

/** shopper_products `<cc>:<productId>`: a product with a current price. */
export interface ShopperProductRecord {
  /** `"product_id":…,"product":…,"brand":…,"brand_status":…,"size":…` */
  readonly head: string;
  /** Outliers among the current-window observations of the product's listings. */
  readonly outliers_current: number;
  /** Its offers by price (then unit price, retailer name): the first is the best at every retailer. */
  readonly offers: readonly ShopperOffer[];
  /** Its retailers' latest offers of the current period that expired before the reference instant. */
  readonly expired: readonly ExpiredOffer[];
}

/** Deal-finder windows: `all` is the whole snapshot. */
export const DEAL_WINDOWS = ["all", "7d", "31d", "90d"] as const;
/** A deal-finder window. */
export type DealWindowName = typeof DEAL_WINDOWS[number];

/** shopper_deals `<cc>:target:<id>`: the category nodes of a target (disjoint subtrees). */
export interface DealTarget {
  readonly nodes: readonly number[];
}

/**
 * shopper_deals `<cc>:w:<window>`: every qualifying deal of the country in that window, numbered by the
 * `pct` order (discount_pct descending, discount_abs descending, product name, retailer), so deal ids
 * ascending are the `pct` order and their rounded discounts never increase.
 */
export interface DealWindow {
  /** Deal id → its result row, JSON text. */
  readonly rows: readonly string[];
  /** Deal id → discount_pct × 10 (the served percentage in tenths). */
  readonly pct_tenths: readonly number[];
  /** Deal id → position in the `abs` order (discount_abs descending, then the `pct` order). */
  readonly rank_abs: readonly number[];
  /** Deal id → position in the `recency` order (observed_at descending, then the `pct` order). */
  readonly rank_recency: readonly number[];
}

/**
 * shopper_deals `<cc>:n:<node>:<window>` (every retailer) and `<cc>:n:<node>:<window>:<retailer>`: the deals
 * of the node's subtree in each order (absent: no deal and no outlier there).
 */
export interface DealList {
  /** Deal ids ascending (the `pct` order). */
  readonly pct: readonly number[];
  /** The same ids in the `abs` order. */
  readonly abs: readonly number[];
  /** The same ids in the `recency` order. */
  readonly recency: readonly number[];
  /** Outliers among the window's observations of the subtree's listings (in the scope). */
  readonly outliers: number;
}
