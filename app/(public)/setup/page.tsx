import { redirect } from "next/navigation";
import { SetupForm } from "@/components/auth/setup-form";
import { setupTokenFile } from "@/lib/auth/setup-token";
import { needsSetup } from "@/lib/auth/users";
import { server } from "@/lib/server/server";

export const dynamic = "force-dynamic";
export const metadata = { title: "Create the admin · Atelier" };

/**
 * The one-time first-run page: gone for good once any user exists. It needs the setup token,
 * which arrives in the link `npm start` prints (`/setup?token=…`).
 */
export default async function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  if (!(await needsSetup(server().db))) redirect("/sign-in");
  const { token } = await searchParams;
  // Where `npm start` wrote the token (scripts/lib/print-setup-link.ts): ATELIER_SETUP_TOKEN_FILE
  // moves it; with ATELIER_SETUP_TOKEN set, no file is written.
  const tokenFile = process.env.ATELIER_SETUP_TOKEN ? null : setupTokenFile();
  return <SetupForm token={typeof token === "string" ? token : ""} tokenFile={tokenFile} />;
}
