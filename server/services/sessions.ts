import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { SessionData } from '#contract/auth.ts';
import { SESSION_TTL_HOURS, SESSION_TTL_REMEMBER_DAYS } from '#contract/constants.ts';
import { NO_ACCESS, type Permissions, permissionsWith } from '#contract/permissions.ts';
import type { Db } from '../db/client.ts';
import { companies, settingsMaintenance as maint, records, roles, sessions, users } from '../db/schema.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { NO_MAINTENANCE } from './maintenance.ts';

const HOUR = 3_600_000;

export const NO_PERMISSIONS: Permissions = permissionsWith(() => NO_ACCESS);

export async function createSession(
  db: Db,
  user: { id: string; companyId: string },
  remember: boolean,
  now: Date,
) {
  const token = newToken();
  const ttl = remember ? SESSION_TTL_REMEMBER_DAYS * 24 * HOUR : SESSION_TTL_HOURS * HOUR;
  const expiresAt = new Date(now.getTime() + ttl);
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId: user.id, companyId: user.companyId, expiresAt });
  return { token, expiresAt };
}

/**
 * The live session of a bearer token: not revoked, not expired, its user still active. The role's
 * permissions and the company's maintenance switches come in the same query, so authenticating a
 * call costs one query (issue 14). With `versionOf` (a List of a resource kept in `records`, on
 * PostgreSQL), that query also reads the resource's version in the session's company (the seq of
 * its newest change, records-repository.ts `version`), which the List's kept answer is checked
 * against (list-cache.ts): one round trip to the database for a List instead of two.
 */
/** Built once per database: a prepared statement skips building the SQL (and, on PostgreSQL, planning it) per call. */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();
const sessionVersionQueries = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

function prepareFindSession(db: Db, withVersion: boolean) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      companyId: sessions.companyId,
      expiresAt: sessions.expiresAt,
      permissions: roles.permissions,
      // The company's own setting wins over the global one (services/maintenance.ts).
      maintenance: sql<{
        customerWebFlag: boolean;
        showSettingMaintenanceAlert: boolean;
        message: string;
      } | null>`(
        select json_build_object('customerWebFlag', ${maint.customerWebFlag},
          'showSettingMaintenanceAlert', ${maint.showSettingMaintenanceAlert}, 'message', ${maint.message})
        from ${maint} where ${maint.companyId} = ${sessions.companyId} or ${maint.companyId} is null
        order by ${maint.companyId} asc nulls last limit 1)`,
      recordsVersion: withVersion
        ? sql<string | null>`(select max(${records.seq}) from ${records}
            where ${records.companyId} = ${sessions.companyId} and ${records.resource} = ${sql.placeholder('resource')})`
        : sql<null>`null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare(withVersion ? 'find_session_version' : 'find_session');
}

export async function findSession(db: Db, token: string, now: Date, versionOf?: string) {
  const kept = versionOf ? sessionVersionQueries : sessionQueries;
  let query = kept.get(db);
  if (!query) {
    query = prepareFindSession(db, !!versionOf);
    kept.set(db, query);
  }
  const [row] = await query.execute({
    tokenHash: hashToken(token),
    now: now.toISOString(),
    ...(versionOf ? { resource: versionOf } : {}),
  });
  if (!row) return undefined;
  const { recordsVersion, ...session } = row;
  return {
    ...session,
    permissions: row.permissions ?? NO_PERMISSIONS,
    maintenance: row.maintenance ?? NO_MAINTENANCE,
    ...(versionOf ? { recordsVersion: Number(recordsVersion ?? 0) } : {}),
  };
}

export async function revokeSession(db: Db, sessionId: string, now: Date) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: Db, userId: string, now: Date, exceptSessionId?: string) {
  const keep = exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined;
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep));
}

export async function getUserPermissions(db: Db, userId: string): Promise<Permissions> {
  const [row] = await db
    .select({ permissions: roles.permissions })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.permissions ?? NO_PERMISSIONS;
}

export async function buildSessionData(
  db: Db,
  userId: string,
  session: { token: string; expiresAt: Date },
): Promise<SessionData> {
  const [row] = await db
    .select({ user: users, company: companies, permissions: roles.permissions })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error(`user ${userId} vanished during sign-in`);
  const { user, company } = row;
  return {
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    userID: user.id,
    companyID: company.id,
    companyCode: company.code,
    companyName: company.name,
    userType: user.userType,
    fullName: `${user.firstName} ${user.lastName}`.trim(),
    language: user.language,
    profilePicture: user.profileImage,
    permissions: row.permissions ?? NO_PERMISSIONS,
  };
}
