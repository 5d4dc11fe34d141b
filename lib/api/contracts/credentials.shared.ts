/**
 * The contract of /api/credentials (docs/http-contract.md): provider keys saved in the studio. A
 * key goes in (`set`) and never comes back: every answer carries its masked hint only.
 */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import {
  CredentialSummary,
  KeyedProvider,
  ProviderKeyEnvironment,
  SetCredentialInput,
} from "../../auth/provider-credentials.shared";
import { ProviderTestInput, ProviderTestResult } from "../../models/provider-test.shared";

const ProviderParams = z.object({ provider: KeyedProvider });

export const credentialsApi = {
  /** Saved keys as masked hints, and which providers have a key in the environment. */
  list: endpoint({
    method: "GET",
    path: "/api/credentials",
    response: z.strictObject({
      credentials: z.array(CredentialSummary),
      environment: z.array(ProviderKeyEnvironment),
    }),
  }),
  /** Saves or replaces a provider key (encrypted; openai-compatible with the baseUrl it is bound to). */
  set: endpoint({
    method: "PUT",
    path: "/api/credentials/:provider",
    params: ProviderParams,
    body: SetCredentialInput,
    response: z.strictObject({ credential: CredentialSummary }),
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/credentials/:provider",
    params: ProviderParams,
    response: z.strictObject({ removed: KeyedProvider }),
  }),
  /** One tiny real request with the provider's key: its answer, or the provider's error text. */
  test: endpoint({
    method: "POST",
    path: "/api/credentials/:provider/test",
    params: ProviderParams,
    body: ProviderTestInput.prefault({}),
    response: ProviderTestResult,
  }),
};
