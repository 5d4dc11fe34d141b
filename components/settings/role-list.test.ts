import { expect, it } from "vitest";
import { ROLES } from "@/lib/auth/roles";
import { ALL_ROLES } from "./role-list";

it("lists the same roles as the server, in the same order", () => {
  expect(ALL_ROLES).toEqual([...ROLES]);
});
