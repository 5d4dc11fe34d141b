import { describe, expect, it } from "vitest";
import {
  backoffSchedule,
  MAX_BACKOFF_MS,
  retryDelayMs,
  webhookSettings,
  WebhookSettingsError,
} from "./webhook-settings";

describe("webhook settings and back-off", () => {
  it("defaults to 8 retries doubling from 1 s, and a 10 s timeout", () => {
    const s = webhookSettings({});
    expect(s).toEqual({ retries: 8, backoffMs: 1000, timeoutMs: 10_000 });
    expect(backoffSchedule(s)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 128000]);
  });

  it("reads ATELIER_WEBHOOK_RETRIES and ATELIER_WEBHOOK_BACKOFF_MS", () => {
    const s = webhookSettings({ ATELIER_WEBHOOK_RETRIES: "3", ATELIER_WEBHOOK_BACKOFF_MS: "250" });
    expect(backoffSchedule(s)).toEqual([250, 500, 1000]);
    expect(retryDelayMs(4, s)).toBeNull();
    expect(backoffSchedule(webhookSettings({ ATELIER_WEBHOOK_RETRIES: "0" }))).toEqual([]);
  });

  it("caps a wait at one day", () => {
    expect(retryDelayMs(40, { retries: 50, backoffMs: 1000 })).toBe(MAX_BACKOFF_MS);
  });

  it("refuses a value that is not a whole number, naming the variable", () => {
    expect(() => webhookSettings({ ATELIER_WEBHOOK_RETRIES: "-1" })).toThrow(/ATELIER_WEBHOOK_RETRIES/);
    expect(() => webhookSettings({ ATELIER_WEBHOOK_BACKOFF_MS: "1.5" })).toThrow(WebhookSettingsError);
    expect(() => webhookSettings({ ATELIER_WEBHOOK_BACKOFF_MS: "0" })).toThrow(/at least 1/);
  });
});
