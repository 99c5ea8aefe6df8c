import type { FastifyPluginAsync } from "fastify";
import {
  changeTeamRole,
  changeVendorDealerRole,
  deactivateTeamMember as deactivateTeamMemberEndpoint,
  inviteTeamMember as inviteTeamMemberEndpoint,
  listTeam as listTeamEndpoint,
  reassignTeamDeals,
} from "#domain/team/contracts.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import type { InvitationContext } from "../auth/send-invitation.ts";
import type { MailContext } from "../shared/request-context.ts";
import { AppError } from "../shared/errors.ts";
import { changeDealerRole } from "./change-dealer-role.ts";
import { deactivateTeamMember } from "./deactivate-team-member.ts";
import { inviteTeamMember } from "./invite-team-member.ts";
import { listTeam } from "./list-team.ts";
import { reassignOwned } from "./reassign-owned.ts";

/**
 * A dealer's team (docs/product-rules.md#r53-a-dealers-team): its dealer admins in the portal, and
 * the credit team's admins changing a vendor user's role from the back office.
 */
export const teamRoutes: FastifyPluginAsync<{ context: MailContext & { invitation: InvitationContext } }> = async (
  app,
  { context },
) => {
  registerEndpoint(app, listTeamEndpoint, async (_request, _reply, scope) => ({
    members: await listTeam(app.db, scope.companyId),
  }));

  registerEndpoint(app, inviteTeamMemberEndpoint, async (request, _reply, scope) =>
    inviteTeamMember(app.db, context, scope, request.body, request.ip),
  );

  registerEndpoint(app, changeTeamRole, async (request, _reply, scope) => {
    const { userId } = request.params;
    await changeDealerRole(
      app.db,
      context,
      { userId: scope.userId, email: scope.email, companyId: scope.companyId, ipAddress: request.ip },
      userId,
      request.body.dealerRole,
    );
    const member = (await listTeam(app.db, scope.companyId)).find((candidate) => candidate.id === userId);
    if (!member) throw new AppError("NOT_FOUND", "Not found.");
    return { member };
  });

  registerEndpoint(app, deactivateTeamMemberEndpoint, async (request, _reply, scope) => {
    await deactivateTeamMember(app.db, context, scope, request.params.userId, request.ip);
    return { ok: true as const };
  });

  registerEndpoint(app, reassignTeamDeals, async (request, _reply, scope) =>
    reassignOwned(app.db, context, scope, request.body, request.ip),
  );

  registerEndpoint(app, changeVendorDealerRole, async (request, _reply, user) => {
    await changeDealerRole(
      app.db,
      context,
      { userId: user.id, email: user.email, companyId: null, ipAddress: request.ip },
      request.params.userId,
      request.body.dealerRole,
    );
    return { ok: true as const };
  });
};
