import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { messageIdFor, serialiseBody, webhookBody } from "./webhook-message";
import { newWebhookSecret, secretHint, signWebhook } from "./webhook-signing";

describe("signing per Standard Webhooks", () => {
  it("makes whsec_ secrets of 32 random bytes", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
    expect(secretHint(a)).toBe(`whsec_${a.slice(6, 10)}…${a.slice(-4)}`);
  });

  it("signs headers the reference verifier accepts, and only for that body and secret", () => {
    const secret = newWebhookSecret();
    const body = serialiseBody(webhookBody({ type: "run.failed", data: { runId: "r1" } }));
    const headers = signWebhook(secret, "msg_1", new Date(), body);
    expect(headers["webhook-id"]).toBe("msg_1");
    expect(headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, { ...headers })).toMatchObject({
      type: "run.failed",
      data: { runId: "r1" },
    });
    expect(() => new Webhook(secret).verify(body.replace("r1", "r2"), { ...headers })).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
  });

  it("signs with the attempt's own timestamp (an old one is refused by the verifier)", () => {
    const secret = newWebhookSecret();
    const body = "{}";
    const old = signWebhook(secret, "msg_1", new Date(Date.now() - 10 * 60 * 1000), body);
    expect(() => new Webhook(secret).verify(body, { ...old })).toThrow(/timestamp/i);
  });

  it("derives the id of a keyed event from (type, key, endpoint): the same notice, the same id", () => {
    const e = { type: "run.finished", key: "run-1" };
    expect(messageIdFor(e, "wh_a")).toBe(messageIdFor(e, "wh_a"));
    expect(messageIdFor(e, "wh_a")).toMatch(/^msg_[A-Za-z0-9_-]{27}$/);
    expect(messageIdFor(e, "wh_b")).not.toBe(messageIdFor(e, "wh_a"));
    expect(messageIdFor({ type: "run.failed", key: "run-1" }, "wh_a")).not.toBe(messageIdFor(e, "wh_a"));
    expect(messageIdFor({ type: "webhook.test" }, "wh_a")).not.toBe(messageIdFor({ type: "webhook.test" }, "wh_a"));
  });

  it("sends the body's fields in the specification's order whatever the database kept", () => {
    expect(serialiseBody({ data: { a: 1 }, timestamp: "t", type: "x" })).toBe(
      '{"type":"x","timestamp":"t","data":{"a":1}}',
    );
  });
});
