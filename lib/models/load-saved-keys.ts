/** Decrypts every provider key saved in the studio, for the model factory. Server-side only. */
import { readAllCredentials } from "../auth/provider-credentials";
import type { Db } from "../db/client";
import type { SavedKeys } from "./provider-keys";

export async function loadSavedKeys(db: Db): Promise<SavedKeys> {
  return readAllCredentials(db);
}
