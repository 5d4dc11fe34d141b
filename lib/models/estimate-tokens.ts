/**
 * A token count without a tokenizer: about four characters a token. The offline demo model reports
 * its usage with it, and the run engine estimates requests with it (compaction's previews, the
 * run-tier token check before a request), so for the demo model the estimate is the count it reports.
 */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}
