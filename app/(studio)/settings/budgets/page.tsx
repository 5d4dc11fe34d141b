import { BudgetsPanel } from "@/components/budgets/budgets-panel";
import { SettingsPage, settingsMetadata } from "../_parts/settings-page";

export const metadata = settingsMetadata("budgets");

export default function Page() {
  return <SettingsPage slug="budgets">{() => <BudgetsPanel />}</SettingsPage>;
}
