/** The demo workspace's content, in the order it is seeded (see lib/db/seed-demo.ts). */
import type { SeedStep } from "../db/seed-demo";
import { demoAgentsStep } from "./demo-agents";
import { demoPriceStep } from "./demo-price";
import { demoToolsStep } from "./demo-tools";

export const DEMO_SEED_STEPS: SeedStep[] = [demoToolsStep, demoAgentsStep, demoPriceStep];
