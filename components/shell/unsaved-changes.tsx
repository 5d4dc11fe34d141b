"use client";
/**
 * No edit is lost without a warning: an editor with unsaved changes registers them with
 * `useUnsavedChanges(dirty, what)`; leaving the page by a `GuardedLink` (the navigation uses them)
 * or `useGuardedNavigate()` asks first in the studio's dialog, and closing or reloading the tab
 * asks through the browser's `beforeunload`. There are no local drafts: leaving drops the edits.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from "react";
import { useConfirm } from "./confirm-dialog";

type Registry = {
  set(key: string, what: string | null): void;
  /** Names of the editors holding unsaved changes. */
  dirty(): string[];
};

const UnsavedContext = createContext<Registry | null>(null);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const entries = useRef(new Map<string, string>());
  const [, bump] = useState(0);
  const registry = useMemo<Registry>(
    () => ({
      set(key, what) {
        if (what === null) entries.current.delete(key);
        else entries.current.set(key, what);
        bump((n) => n + 1);
      },
      dirty: () => [...entries.current.values()],
    }),
    [],
  );
  return <UnsavedContext.Provider value={registry}>{children}</UnsavedContext.Provider>;
}

function useRegistry(): Registry {
  const r = useContext(UnsavedContext);
  if (!r) throw new Error("unsaved-changes hooks need an UnsavedChangesProvider above them");
  return r;
}

/** Registers `what` ("the tool 'weather'") as holding unsaved changes while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean, what: string): void {
  const registry = useRegistry();
  const key = useId();
  useEffect(() => {
    registry.set(key, dirty ? what : null);
    return () => registry.set(key, null);
  }, [registry, key, dirty, what]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}

/** Asks before leaving when an editor holds unsaved changes; resolves true when leaving is fine. */
export function useLeaveCheck(): () => Promise<boolean> {
  const registry = useRegistry();
  const confirm = useConfirm();
  return useCallback(async () => {
    const dirty = registry.dirty();
    if (!dirty.length) return true;
    return confirm({
      title: "Leave without saving?",
      message: "Your unsaved changes are lost if you leave this page.",
      affected: { label: "Unsaved changes in", items: dirty },
      confirmLabel: "Leave without saving",
      cancelLabel: "Stay on this page",
      tone: "danger",
    });
  }, [registry, confirm]);
}

/** `router.push` that asks first when there are unsaved changes. */
export function useGuardedNavigate(): (href: string) => Promise<void> {
  const router = useRouter();
  const check = useLeaveCheck();
  return useCallback(
    async (href: string) => {
      if (await check()) router.push(href);
    },
    [router, check],
  );
}

/** A `next/link` that asks before leaving unsaved changes (plain, modified or middle clicks pass). */
export function GuardedLink({ onClick, ...props }: ComponentProps<typeof Link>) {
  const registry = useRegistry();
  const navigate = useGuardedNavigate();
  return (
    <Link
      {...props}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented) return;
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        if (props.target && props.target !== "_self") return;
        if (!registry.dirty().length) return;
        e.preventDefault();
        void navigate(typeof props.href === "string" ? props.href : String(props.href.pathname ?? "/"));
      }}
    />
  );
}
