import { describe, expect, it } from "vitest";
import { ApiClientError } from "@/components/api/api-client";
import { ChangePasswordInput, SetupInput } from "@/lib/auth/users.shared";
import { localIssues, serverIssues } from "./form-issues";

describe("form issues", () => {
  it("a form's own parse names the fields with the route's messages", () => {
    expect(localIssues(SetupInput, { name: "Ada", email: "not-an-email", password: "short" })).toEqual([
      { path: "email", message: "Enter a valid email address" },
      { path: "password", message: "Use at least 12 characters" },
    ]);
    expect(localIssues(ChangePasswordInput, { currentPassword: "x", newPassword: "a long new passphrase" })).toEqual(
      [],
    );
  });

  it("an API error's issues, and none for any other error", () => {
    const issues = [{ path: "currentPassword", message: "The current password is not right." }];
    const err = new ApiClientError(400, "validation_error", "currentPassword: …", {
      error: { code: "validation_error", message: "currentPassword: …", issues },
    });
    expect(serverIssues(err)).toEqual(issues);
    expect(serverIssues(new Error("offline"))).toEqual([]);
    expect(serverIssues(null)).toEqual([]);
  });
});
