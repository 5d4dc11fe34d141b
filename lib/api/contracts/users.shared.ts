/** The contract of /api/users (docs/http-contract.md): the admin's user management. */
import { z } from "zod";
import { endpoint } from "../contract.shared";
import { CreateUserInput, UpdateUserInput, UserSummary } from "../../auth/users.shared";

export const usersApi = {
  list: endpoint({
    method: "GET",
    path: "/api/users",
    response: z.strictObject({ users: z.array(UserSummary) }),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/users",
    body: CreateUserInput,
    response: z.strictObject({ user: UserSummary }),
    status: 201,
  }),
  /** Changes a user's name or roles, or (de)activates them; deactivation ends their sessions and tokens. */
  update: endpoint({
    method: "PUT",
    path: "/api/users/:id",
    params: z.object({ id: z.string().min(1) }),
    body: UpdateUserInput,
    response: z.strictObject({ user: UserSummary }),
  }),
};
