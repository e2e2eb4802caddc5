/**
 * Twenty-two everyday Google Product Taxonomy categories and the GPC v20251127 node each must answer through
 * classify?tree=google: chosen from GS1's brick titles and definitions before the Google crosswalk was
 * curated, and kept as its acceptance table. A brick where one brick holds the category's products; the
 * class where GS1 splits them by storage state (cheese, dog food) or over several bricks (desktop computers).
 */

/** One Google category and the GPC node it must answer. */
export interface EverydayCategory {
  readonly id: string;
  readonly name: string;
  readonly gpc: string;
}

/** The table. */
export const GOOGLE_EVERYDAY_CATEGORIES: readonly EverydayCategory[] = [
  { id: "328", name: "Laptops", gpc: "10001145" },
  { id: "267", name: "Mobile Phones", gpc: "10001198" },
  { id: "404", name: "Televisions", gpc: "10001400" },
  { id: "414", name: "Beer", gpc: "10000159" },
  { id: "429", name: "Cheese", gpc: "50131800" },
  { id: "3530", name: "Dog Food", gpc: "10111600" },
  { id: "543615", name: "Shampoo", gpc: "10000368" },
  { id: "1360", name: "Toothpaste", gpc: "10000383" },
  { id: "1471", name: "Smoke Detectors", gpc: "10005397" },
  { id: "753", name: "Microwave Ovens", gpc: "10001952" },
  { id: "2425", name: "Light Bulbs", gpc: "10000552" },
  { id: "1022", name: "Tents", gpc: "10002069" },
  { id: "3151", name: "Cigarettes", gpc: "10000185" },
  { id: "3021", name: "Lipstick", gpc: "10000534" },
  // Revised from 10001144 after the curation: Google's Desktop Computers hold all-in-ones too, which GS1 files
  // as their own brick (10006405 Personal Computers - All-in-One, "a desktop personal computer"): the class.
  { id: "325", name: "Desktop Computers", gpc: "65010500" },
  { id: "303", name: "Keyboards", gpc: "10001150" },
  { id: "2564", name: "Tampons", gpc: "10000320" },
  { id: "629", name: "Toilet Paper", gpc: "10000375" },
  { id: "2754", name: "Laundry Detergent", gpc: "10000424" },
  { id: "680", name: "Dishwashers", gpc: "10001964" },
  { id: "958", name: "Envelopes", gpc: "10001261" },
  { id: "3610", name: "Chainsaws", gpc: "10003359" },
];
