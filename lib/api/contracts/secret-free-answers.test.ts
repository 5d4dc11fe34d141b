/**
 * The schemas of what auth routes answer say exactly what is sent: a stray secret field (a password
 * hash, a token's hash, a sealed key, health details for an anonymous caller) makes an answer fail
 * its contract, which defineRoute turns into a 500 outside production (lib/api/define-route.ts).
 */
import { describe, expect, it } from "vitest";
import { credentialsApi } from "./credentials.shared";
import { healthApi } from "./health.shared";
import { tokensApi } from "./tokens.shared";
import { usersApi } from "./users.shared";
import { webhooksApi } from "./webhooks.shared";
import { CreatedToken, TokenSummary } from "../../auth/api-tokens.shared";
import { CredentialSummary } from "../../auth/provider-credentials.shared";
import { UserSummary } from "../../auth/users.shared";

const NOW = new Date().toISOString();
const user = {
  id: "u1",
  email: "ada@example.com",
  name: "Ada",
  roles: ["admin"],
  active: true,
  createdAt: NOW,
  lastLoginAt: null,
};
const token = {
  id: "t1",
  name: "ci",
  role: "viewer",
  hint: "atl_…abcd",
  createdAt: NOW,
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
};
const credential = { provider: "openai", variable: "OPENAI_API_KEY", hint: "sk-…6789", baseUrl: null, updatedAt: NOW };

describe("answers carry no secret", () => {
  it("a user without their password hash", () => {
    expect(UserSummary.safeParse(user).success).toBe(true);
    expect(UserSummary.safeParse({ ...user, passwordHash: "scrypt$…" }).success).toBe(false);
    expect(usersApi.list.response.safeParse({ users: [{ ...user, passwordHash: "scrypt$…" }] }).success).toBe(false);
  });

  it("a token without its hash; its value only in the answer of its creation", () => {
    expect(TokenSummary.safeParse(token).success).toBe(true);
    expect(TokenSummary.safeParse({ ...token, tokenHash: "f00" }).success).toBe(false);
    expect(tokensApi.list.response.safeParse({ tokens: [token], token: "atl_secret" }).success).toBe(false);
    expect(CreatedToken.safeParse({ token: "atl_0123456789", summary: token }).success).toBe(true);
    expect(CreatedToken.safeParse({ token: "not-a-token", summary: token }).success).toBe(false);
  });

  it("a provider key as its hint only", () => {
    expect(CredentialSummary.safeParse(credential).success).toBe(true);
    for (const leak of [{ value: "sk-secret" }, { ciphertext: "…", iv: "…", authTag: "…" }, { key: "sk-secret" }])
      expect(CredentialSummary.safeParse({ ...credential, ...leak }).success, JSON.stringify(leak)).toBe(false);
    const list = {
      credentials: [credential],
      environment: [{ provider: "openai", variable: "OPENAI_API_KEY", set: true }],
    };
    expect(credentialsApi.list.response.safeParse(list).success).toBe(true);
    const withValue = { ...list, environment: [{ ...list.environment[0], value: "sk-from-env" }] };
    expect(credentialsApi.list.response.safeParse(withValue).success).toBe(false);
  });

  it("a webhook endpoint with its secret's hint only (the secret is in the creation's answer alone)", () => {
    const webhook = {
      id: "wh_1",
      url: "https://hooks.example.com/x",
      description: "",
      events: ["run.failed"],
      enabled: true,
      secretHint: "whsec_abcd…wxyz",
      createdAt: NOW,
      updatedAt: NOW,
      lastDelivery: null,
    };
    expect(webhooksApi.get.response.safeParse(webhook).success).toBe(true);
    for (const leak of [{ secret: "whsec_…" }, { ciphertext: "…", iv: "…", authTag: "…", keyId: "k" }])
      expect(webhooksApi.get.response.safeParse({ ...webhook, ...leak }).success, JSON.stringify(leak)).toBe(false);
    expect(webhooksApi.list.response.safeParse({ webhooks: [{ ...webhook, secret: "whsec_…" }] }).success).toBe(false);
  });

  it("health: an anonymous answer is its status and nothing else", () => {
    expect(healthApi.get.response.safeParse({ status: "ok" }).success).toBe(true);
    expect(healthApi.get.response.safeParse({ status: "ok", version: "1.0.0" }).success).toBe(false);
  });
});
