/** Decrypts every provider key saved in the studio, for the model factory. Server-side only. */
import { KeyedProvider, readCredential } from "../auth/provider-credentials";
import type { Db } from "../db/client";
import type { SavedKeys } from "./provider-keys";

export async function loadSavedKeys(db: Db): Promise<SavedKeys> {
  const out: SavedKeys = {};
  const rows = await db.providerCredential.findMany({ select: { provider: true } });
  for (const { provider } of rows) {
    const parsed = KeyedProvider.safeParse(provider);
    if (!parsed.success) continue;
    const value = await readCredential(db, parsed.data);
    if (value) out[parsed.data] = value;
  }
  return out;
}
