import { redirect } from "next/navigation";
import { SetupForm } from "@/components/auth/setup-form";
import { needsSetup } from "@/lib/auth/users";
import { getDb } from "@/lib/db/client";

export const dynamic = "force-dynamic";
export const metadata = { title: "Create the admin · Atelier" };

/** The one-time first-run page: gone for good once any user exists. */
export default async function SetupPage() {
  if (!(await needsSetup(getDb()))) redirect("/sign-in");
  return <SetupForm />;
}
