import type { LanguageModelV3Message } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { applyEvent, emptyFold, pairSafeCut, summaryMessage } from "../context-fold";
import { isTruncationMarker, summarizerTranscript, truncationMarker, windowCut, windowMarker } from "./strategies";
import { DEFAULT_SUMMARIZER_PROMPT_VERSION, summarizerPrompt, summarizerPromptVersions } from "./summarizer-prompts";

const user = (text: string): LanguageModelV3Message => ({ role: "user", content: [{ type: "text", text }] });
const said = (text: string): LanguageModelV3Message => ({ role: "assistant", content: [{ type: "text", text }] });
const call = (id: string): LanguageModelV3Message => ({
  role: "assistant",
  content: [{ type: "tool-call", toolCallId: id, toolName: "lookup", input: { q: id } }],
});
const result = (id: string): LanguageModelV3Message => ({
  role: "tool",
  content: [
    { type: "tool-result", toolCallId: id, toolName: "lookup", output: { type: "text", value: `found ${id}` } },
  ],
});

// user, call a, result a, result a' (a resumed step answers in a second tool message), answer, user, answer
const HISTORY = [user("q1"), call("a"), result("a"), result("a2"), said("a1"), user("q2"), said("a2")];

describe("pair-safe cuts", () => {
  it("never leaves a tool result at the head of what is kept", () => {
    expect(pairSafeCut(HISTORY, 0)).toBe(0);
    expect(pairSafeCut(HISTORY, 1)).toBe(1);
    expect(pairSafeCut(HISTORY, 2)).toBe(4);
    expect(pairSafeCut(HISTORY, 3)).toBe(4);
    expect(pairSafeCut(HISTORY, 4)).toBe(4);
    expect(pairSafeCut(HISTORY, 99)).toBe(HISTORY.length);
    expect(pairSafeCut(HISTORY, -3)).toBe(0);
  });

  it("a window keeps at most keepRecentMessages, fewer when a call would lose its results", () => {
    expect(windowCut(HISTORY, 3)).toBe(4);
    expect(windowCut(HISTORY, 5)).toBe(4); // the cut at 2 would orphan two results
    expect(windowCut(HISTORY, 6)).toBe(1);
    expect(windowCut(HISTORY, 7)).toBe(0);
    expect(windowCut(HISTORY, 0)).toBe(HISTORY.length);
  });

  it("the fold applies a recorded count with the same rule, so any count replays safely", () => {
    const fold = emptyFold();
    fold.messages = [...HISTORY];
    applyEvent(fold, {
      seq: 1,
      runId: null,
      type: "LlmContextCompactedEvent",
      createdAt: "2025-01-01T00:00:00.000Z",
      data: {
        strategyId: "sliding_window",
        summary: windowMarker(2),
        replacedMessageCount: 2,
        summarizerPromptVersion: null,
        tokensBefore: 10,
        tokensAfter: 5,
      },
    });
    expect(fold.messages).toEqual([summaryMessage(windowMarker(2)), ...HISTORY.slice(4)]);
  });
});

describe("markers", () => {
  it("name how much was folded and why", () => {
    expect(windowMarker(1)).toBe(
      "[1 earlier message was dropped to keep the context within its window; the most recent messages follow verbatim.]",
    );
    const marker = truncationMarker(5, "  HTTP 500:\n server   exploded ");
    expect(marker).toBe(
      "[Summary unavailable: the 5 earlier messages were truncated because the summarizer failed (HTTP 500: server exploded). Ask the user to restate anything still needed.]",
    );
    expect(isTruncationMarker(marker)).toBe(true);
    expect(isTruncationMarker(windowMarker(3))).toBe(false);
  });
});

describe("the summarizer's transcript", () => {
  it("is text only, keeps roles, writes calls and results into the assistant's turn and merges turns", () => {
    expect(
      summarizerTranscript([
        summaryMessage("earlier"),
        user("q1"),
        call("a"),
        result("a"),
        said("a1"),
        { role: "system", content: "ignored" },
      ]),
    ).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "Summary of the conversation so far:\nearlier" },
          { type: "text", text: "q1" },
        ],
      },
      {
        role: "assistant",
        content: [
          { type: "text", text: '[called lookup {"q":"a"}]' },
          { type: "text", text: "[lookup returned: found a]" },
          { type: "text", text: "a1" },
        ],
      },
    ]);
  });

  it("marks failed tool results", () => {
    const failed: LanguageModelV3Message = {
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "x", toolName: "lookup", output: { type: "error-text", value: "no" } },
      ],
    };
    expect(summarizerTranscript([failed])).toEqual([
      { role: "assistant", content: [{ type: "text", text: "[lookup failed: no]" }] },
    ]);
  });
});

describe("the summarizer prompt registry", () => {
  it("has a built-in v1, and falls back to it for an unknown version", () => {
    expect(DEFAULT_SUMMARIZER_PROMPT_VERSION).toBe("v1");
    expect(summarizerPromptVersions()).toContain("v1");
    expect(summarizerPrompt("v1").version).toBe("v1");
    expect(summarizerPrompt(" v1 ").version).toBe("v1");
    expect(summarizerPrompt("v42").version).toBe("v1");
    expect(summarizerPrompt(null).version).toBe("v1");
    expect(summarizerPrompt("v1").system(1234)).toContain("1234 tokens");
    expect(summarizerPrompt("v1").system(10)).toMatch(/summari[sz]e/i);
  });
});
