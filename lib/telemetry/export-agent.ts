/**
 * The HTTP agent the OTLP exporter connects through: keep-alive, and a `lookup` that checks every
 * address the endpoint's name resolves to on each new connection, so a name that is (or is later
 * rebound to) a cloud metadata, unspecified, multicast or reserved address is never reached. A
 * literal address was checked when the settings were read (telemetry-config.ts). Loopback and
 * private addresses are fine: the endpoint is the operator's own collector.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import { classifyAddress, EgressError } from "../sandbox/egress-policy";

const NEVER = new Set(["metadata", "unspecified", "multicast", "reserved"]);

type Resolve = (
  hostname: string,
  callback: (err: NodeJS.ErrnoException | null, addresses: Array<{ address: string; family: number }>) => void,
) => void;

const systemResolve: Resolve = (hostname, callback) => dns.lookup(hostname, { all: true, verbatim: true }, callback);

/** A socket `lookup` that refuses addresses export never reaches. */
export function checkedLookup(resolve: Resolve = systemResolve): net.LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err);
      const refused = addresses.find((a) => NEVER.has(classifyAddress(a.address)));
      if (refused || addresses.length === 0) {
        const why = refused
          ? `${hostname} (${refused.address}) is a ${classifyAddress(refused.address)} address, which export never reaches`
          : `${hostname} has no addresses`;
        return callback(new EgressError(`OpenTelemetry export refused: ${why}`));
      }
      if (options?.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  }) as unknown as net.LookupFunction;
}

/** The exporter's agent factory (`httpAgentOptions`). */
export function exportAgent(protocol: string): http.Agent {
  const options = { keepAlive: true, lookup: checkedLookup() };
  return protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
}
