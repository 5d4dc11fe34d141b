/** Server importers' path to HttpClientConfig; the schema lives in http-client-config.shared.ts (browser-safe). */
export { HttpClientConfig } from "./http-client-config.shared";
