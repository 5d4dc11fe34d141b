import { redirect } from "next/navigation";
import { currentPrincipal } from "@/app/_auth/page-principal";
import { SignInForm } from "@/components/auth/sign-in-form";
import { needsSetup } from "@/lib/auth/users";
import { server } from "@/lib/server/server";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Atelier" };

export default async function SignInPage() {
  if (await needsSetup(server().db)) redirect("/setup");
  if (await currentPrincipal()) redirect("/");
  return <SignInForm />;
}
