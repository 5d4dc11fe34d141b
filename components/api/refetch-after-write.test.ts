import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { refetchAfterWrite } from "./refetch-after-write";

/** A list "server": each fetch reads the rows when it starts and answers when the test lets it. */
function fakeList() {
  const rows: string[] = [];
  const pending: Array<() => void> = [];
  let calls = 0;
  const queryFn = () => {
    calls++;
    const read = [...rows];
    return new Promise<string[]>((resolve) => pending.push(() => resolve(read)));
  };
  return {
    rows,
    queryFn,
    calls: () => calls,
    /** Answers the oldest open fetch. */
    answer: () => pending.shift()!(),
  };
}

const teardown: Array<() => void> = [];
/** A mounted list (an active observer, as `useQuery` makes): its first fetch starts at once. */
function watch(queryFn: () => Promise<string[]>) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(qc, { queryKey: ["skills"], queryFn });
  const unsubscribe = observer.subscribe(() => {});
  teardown.push(unsubscribe, () => qc.clear());
  return { qc, observer };
}
afterEach(() => {
  for (const f of teardown.splice(0)) f();
});

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("refetchAfterWrite", () => {
  it("the cause: a bare invalidation during the first fetch joins it, so the answer read before the write wins", async () => {
    const server = fakeList();
    const { qc, observer } = watch(server.queryFn);
    await tick();
    server.rows.push("imported"); // the write commits after the list was read
    const invalidated = qc.invalidateQueries({ queryKey: ["skills"] });
    server.answer();
    await invalidated;
    expect(server.calls()).toBe(1);
    expect(observer.getCurrentResult().data).toEqual([]);
  });

  it("drops a first fetch that started before the write and answers the rows after it", async () => {
    const server = fakeList();
    const { qc, observer } = watch(server.queryFn);
    await tick();
    server.rows.push("imported");
    const done = refetchAfterWrite(qc, ["skills"]);
    server.answer(); // the stale answer arrives: ignored
    await tick();
    expect(server.calls()).toBe(2);
    server.answer();
    await done;
    expect(observer.getCurrentResult().data).toEqual(["imported"]);
  });

  it("refetches a list that already has data, and settles only once the new answer is in", async () => {
    const server = fakeList();
    const { qc, observer } = watch(server.queryFn);
    await tick();
    server.answer();
    await tick();
    expect(observer.getCurrentResult().data).toEqual([]);
    server.rows.push("created");
    let settled = false;
    const done = refetchAfterWrite(qc, ["skills"]).then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    server.answer();
    await done;
    expect(observer.getCurrentResult().data).toEqual(["created"]);
  });

  it("a refetch that fails leaves the error on the query (the list shows it) and does not throw", async () => {
    let fail = false;
    const { qc, observer } = watch(async () => {
      if (fail) throw new Error("rate_limited");
      return ["a"];
    });
    await tick();
    fail = true;
    await expect(refetchAfterWrite(qc, ["skills"])).resolves.toBeUndefined();
    expect(observer.getCurrentResult().error?.message).toBe("rate_limited");
  });

  it("with `exact`, leaves the queries under the key alone (a list, not its items' details)", async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    teardown.push(() => qc.clear());
    let listCalls = 0;
    let detailCalls = 0;
    const list = new QueryObserver(qc, { queryKey: ["agents"], queryFn: async () => [listCalls++] });
    const detail = new QueryObserver(qc, { queryKey: ["agents", "a1"], queryFn: async () => detailCalls++ });
    teardown.push(
      list.subscribe(() => {}),
      detail.subscribe(() => {}),
    );
    await tick();
    await refetchAfterWrite(qc, ["agents"], { exact: true });
    expect([listCalls, detailCalls]).toEqual([2, 1]);
  });
});
