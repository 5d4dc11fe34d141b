/** Reading the words of a message, for the offline demo model's rules. */

const STOPWORDS = new Set(
  "a an the and or but if of for to in on at by with from into about as is are was were be been am do does did can could would should will shall may might must i me my you your we our us it its this that these those there here what whats what's how hows how's when where which who whom why please tell give show me let know some any much many more most very just also not no yes hi hello hey thanks thank".split(
    " ",
  ),
);

/** Words that often share a meaning with a tool's words (a small, fixed table — no model here). */
const SYNONYMS: Record<string, string[]> = {
  forecast: ["weather", "rain", "sunny", "temperature", "cold", "hot", "warm", "snow", "wind", "tomorrow"],
  weather: ["forecast", "rain", "sunny", "temperature"],
  population: [
    "people",
    "inhabitant",
    "inhabitants",
    "live",
    "living",
    "populous",
    "big",
    "resident",
    "residents",
    "populated",
  ],
  refund: ["money", "back", "reimburse", "reimbursement", "repay", "chargeback"],
  email: ["mail", "e-mail", "send", "write", "message", "notify"],
  send: ["email", "mail", "write"],
  notify: ["alert", "ping", "tell", "notification"],
  quote: ["price", "cost", "estimate", "pricing", "much"],
  status: ["where", "track", "tracking", "shipped", "arrive", "delivery", "state"],
  order: ["purchase", "parcel", "package"],
  memory: ["remember", "recall", "note", "notes", "memorize"],
};

/** Lower-case, a light plural/verb-ending strip, so "cities" ~ "city" and "refunds" ~ "refund". */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) w = w.slice(0, -3) + "y";
  else if (w.length > 4 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 3 && w.endsWith("ed") && !w.endsWith("eed")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  return w;
}

/** Words of a text (camelCase and snake_case split), lower-cased, without stopwords. */
export function contentWords(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9\u00C0-\u024F]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
}

export function stems(text: string): Set<string> {
  return new Set(contentWords(text).map(stem));
}

/** The tool's own words plus their synonyms (stemmed). */
export function expandWithSynonyms(words: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const w of words) {
    out.add(w);
    for (const s of SYNONYMS[w] ?? []) out.add(stem(s));
  }
  return out;
}

export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}
