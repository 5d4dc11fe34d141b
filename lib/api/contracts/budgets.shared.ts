/**
 * The contract of /api/budgets (docs/budgets.md): spend caps over calendar windows. Any signed-in
 * role reads them with their current use and alerts (the costs page and the agent page show
 * them); only admins create, change and delete.
 */
import { z } from "zod";
import { DeletedResponse, endpoint } from "../contract.shared";
import { BudgetAlertView, BudgetInput, BudgetScopeChoices, BudgetView } from "../../budgets/budget-views.shared";

const IdParams = z.object({ id: z.string().min(1) });

export const budgetsApi = {
  list: endpoint({
    method: "GET",
    path: "/api/budgets",
    response: z.strictObject({ budgets: z.array(BudgetView) }),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/budgets",
    body: BudgetInput,
    response: z.strictObject({ id: z.string() }),
    status: 201,
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/budgets/:id",
    params: IdParams,
    body: BudgetInput,
    response: BudgetView,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/budgets/:id",
    params: IdParams,
    response: DeletedResponse,
  }),
  /**
   * The alerts of budgets' current windows, highest threshold per budget. `agentId`: only the
   * budgets that cover that agent's turns (the agent's and the workspace's).
   */
  alerts: endpoint({
    method: "GET",
    path: "/api/budgets/alerts",
    query: z.object({
      active: z.enum(["1", "true"]).optional(),
      agentId: z.string().min(1).optional(),
    }),
    response: z.strictObject({ alerts: z.array(BudgetAlertView) }),
  }),
  /** What a budget may name (admin): agents, users and every user's API tokens, by name. */
  scopes: endpoint({
    method: "GET",
    path: "/api/budgets/scopes",
    response: BudgetScopeChoices,
  }),
};
