import { expect, it } from "vitest";
import { nameClash } from "./name-clash";

const tools = [
  { id: "t1", name: "weather" },
  { id: "t2", name: "refund" },
];

it("finds another tool of the same name", () => {
  expect(nameClash("refund", tools, "t1")).toEqual({ id: "t2", name: "refund" });
});

it("the tool's own name, a new name, or no name yet is no clash", () => {
  expect(nameClash("weather", tools, "t1")).toBeNull();
  expect(nameClash("forecast", tools, null)).toBeNull();
  expect(nameClash(undefined, tools, null)).toBeNull();
});

it("names are compared exactly, as the database's unique rule does", () => {
  expect(nameClash("Weather", tools, null)).toBeNull();
  expect(nameClash("weather", tools, null)).toEqual({ id: "t1", name: "weather" });
});
