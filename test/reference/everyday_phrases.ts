/**
 * Fifty-two everyday phrases across 38 GPC segments, with the bricks of v20251127 each must answer: chosen from
 * GS1's brick titles, definitions and Type-of values before the lexicon over every segment was curated, and
 * kept as an acceptance table (test/reference/everyday_phrases_test.ts asks the service). The bricks of a row
 * are every brick the phrase can mean (storage states, powered and non-powered variants), in no order. Five rows
 * were revised after curation, each where GS1's text places the product in a brick the first reading missed
 * (the comment above the row quotes it).
 */

/** One phrase and the bricks it must answer. */
export interface EverydayPhrase {
  readonly phrase: string;
  readonly bricks: readonly string[];
}

/** The table. */
export const EVERYDAY_PHRASES: readonly EverydayPhrase[] = [
  { phrase: "toothpaste", bricks: ["10000383"] },
  { phrase: "laundry detergent", bricks: ["10000424"] },
  // Revised after curation: Smart Home - Security Appliances "can include cameras and water/smoke detectors".
  { phrase: "smoke detector", bricks: ["10005397", "10007022"] },
  { phrase: "microwave oven", bricks: ["10001952"] },
  { phrase: "envelopes", bricks: ["10001261"] },
  // Revised after curation: CAMPING KETTLE is a Type of Camping Cookware.
  { phrase: "kettle", bricks: ["10002012", "10002129", "10002092"] },
  { phrase: "ketchup", bricks: ["10006323", "10006324", "10006325"] },
  {
    phrase: "pasta",
    bricks: ["10000318", "10000317", "10000242", "10000240", "10000241"],
  },
  { phrase: "coffee beans", bricks: ["10008178"] },
  { phrase: "instant coffee", bricks: ["10000115"] },
  { phrase: "non-alcoholic beer", bricks: ["10008029"] },
  // Revised after curation: plantains are also fresh-cut bananas and unprepared fruit, frozen or shelf stable.
  { phrase: "plantains", bricks: ["10005898", "10008191", "10000002", "10000003"] },
  { phrase: "dog food", bricks: ["10000507", "10000521", "10000522"] },
  { phrase: "cat food", bricks: ["10000507", "10000521", "10000522"] },
  { phrase: "vitamins", bricks: ["10000467"] },
  { phrase: "bandages", bricks: ["10000448"] },
  { phrase: "toilet paper", bricks: ["10000375"] },
  { phrase: "razor blades", bricks: ["10000369"] },
  { phrase: "lipstick", bricks: ["10000534"] },
  { phrase: "cigarettes", bricks: ["10000185"] },
  { phrase: "laptop", bricks: ["10001145"] },
  { phrase: "smartphone", bricks: ["10001198"] },
  { phrase: "camcorder", bricks: ["10001406"] },
  { phrase: "string lights", bricks: ["10005644"] },
  { phrase: "lawn mower", bricks: ["10003353", "10003387"] },
  { phrase: "weed killer", bricks: ["10003227"] },
  { phrase: "fertilizer", bricks: ["10003234"] },
  { phrase: "tulip bulbs", bricks: ["10006863"] },
  { phrase: "coffee plant", bricks: ["10007217", "10007811"] },
  { phrase: "faucet", bricks: ["10002602"] },
  { phrase: "plywood", bricks: ["10002538"] },
  { phrase: "extension cord", bricks: ["10005559"] },
  { phrase: "drill press", bricks: ["10003613"] },
  { phrase: "car battery", bricks: ["10005232"] },
  { phrase: "motor oil", bricks: ["10005267"] },
  { phrase: "propane", bricks: ["10005264"] },
  { phrase: "sleeping bag", bricks: ["10002080", "10005472"] },
  { phrase: "tennis racket", bricks: ["10001776"] },
  { phrase: "board game", bricks: ["10005133", "10005134"] },
  { phrase: "guitar", bricks: ["10000936", "10000942"] },
  { phrase: "sofa bed", bricks: ["10002196"] },
  { phrase: "alarm clock", bricks: ["10007006"] },
  { phrase: "frying pan", bricks: ["10002144"] },
  // Revised after curation: CAMPING MUG is a Type of Camping Tableware.
  { phrase: "mugs", bricks: ["10002155", "10003773"] },
  { phrase: "handbag", bricks: ["10001096"] },
  { phrase: "jeans", bricks: ["10001335"] },
  { phrase: "safety boots", bricks: ["10001080"] },
  { phrase: "coffin", bricks: ["10008293"] },
  // Revised after curation: Audio (Non-Music) - Digital "includes digital audio content for ... audio books".
  { phrase: "audiobook", bricks: ["10004103", "10006240"] },
  { phrase: "padlock", bricks: ["10008396"] },
  { phrase: "storage crates", bricks: ["10005849"] },
  { phrase: "yarn", bricks: ["10001756"] },
  { phrase: "cattle", bricks: ["10005461"] },
];
