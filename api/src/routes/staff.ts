import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { usernameOf } from '@portal/shared/contract';
import { STAFF_TEXTS, isRowId, staffEndpoints, type StaffChallenge } from '@portal/shared/contract/staff';
import type { ApiContext } from '../context';
import type { AuditFilter, AuditRow } from '../repositories/audit';
import type { StaffRow, StaffSession } from '../repositories/staff';
import { HttpError, tooManyRequests } from '../http/validate';
import { logRefusal } from '../http/limits';
import { STAFF_IDLE_MINUTES, staffRoute } from '../http/staffRoute';
import { bearerToken } from '../auth/guard';
import { hashPassword } from '../auth/passwords';
import { checkStaffPassword } from '../staff/signIn';
import { seal, unseal } from '../auth/secrets';
import { newTotpSecret, totpSetup, totpStep } from '../staff/totp';
import { customerSummary, extendPeriod, setCustomerBlocked } from '../staff/customers';
import { refundOrder } from '../staff/refunds';
import { resendCode } from '../onboarding/codes';
import { invoiceOf, paymentHistory } from '../payments/orders';
import { notifyCustomer } from '../delivery/notifier';
import { NOTICES } from '../texts/notices';
import { NO_CURRENT_SESSION, signedInDevices } from '../customer/devices';
import { fromFening, toFening } from '../money';

const PAGE_SIZE = 20;
/** Wrong second-factor codes per member of staff, per 15 minutes (docs/limits.md). */
const WRONG_CODES = 5;

/** What a right password leads to: a one-time password is changed first, then a second factor set up, then its code asked. */
function nextStep(staff: Pick<StaffRow, 'must_change_password' | 'totp_confirmed_at'>): StaffChallenge['next'] {
  if (staff.must_change_password) return 'change-password';
  return staff.totp_confirmed_at ? 'totp' : 'totp-setup';
}

const auditEntry = (row: AuditRow) => ({
  id: Number(row.id),
  at: row.at.toISOString(),
  staffId: row.staff_id,
  staffName: row.staff_name,
  action: row.action,
  customerId: row.customer_id,
  reason: row.reason,
  before: row.before,
  after: row.after,
});

const auditPage = (rows: AuditRow[], limit: number) => ({
  items: rows.map(auditEntry),
  nextBefore: rows.length === limit ? Number(rows[rows.length - 1]!.id) : null,
});

function auditFilter(
  query: { customer?: string; staff?: string; action?: string; from?: string; to?: string; before?: string },
  limit: number,
): AuditFilter {
  return {
    customerId: query.customer ? Number(query.customer) : undefined,
    staffId: query.staff ? Number(query.staff) : undefined,
    action: query.action,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    // The whole last day.
    to: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000) : undefined,
    beforeId: query.before ? Number(query.before) : undefined,
    limit,
  };
}

/** A CSV field: quoted, quotes doubled, and a leading =, +, - or @ made inert for spreadsheets (CSV injection). */
const csvField = (value: unknown): string => {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
};

/** The audit trail as CSV: `;`-separated with a byte-order mark, as spreadsheets in Bosnia open it. */
function auditCsv(rows: AuditRow[]): string {
  const header = ['id', 'vrijeme', 'osoblje', 'radnja', 'korisnik', 'razlog', 'prije', 'poslije'];
  const lines = rows.map((row) =>
    [row.id, row.at.toISOString(), row.staff_name, row.action, row.customer_id, row.reason, row.before, row.after]
      .map(csvField)
      .join(';'),
  );
  return `\uFEFF${[header.map(csvField).join(';'), ...lines].join('\r\n')}\r\n`;
}

/** The support console's calls under `/api/staff` (docs/decisions/032-support-console.md). */
export function staffRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { store } = ctx;
  /** The member of staff behind a session, as the database has them now. */
  const memberOf = async (session: StaffSession): Promise<StaffRow> => {
    const staff = await store.staff.byId(session.staffId);
    if (!staff) throw new HttpError(401, STAFF_TEXTS.sessionOver, 'UNAUTHORIZED');
    return staff;
  };
  const audit = (
    staff: StaffSession,
    action: string,
    customerId: number | null,
    extra: { reason?: string; after?: unknown } = {},
  ) => store.audit.record({ staffId: staff.staffId, staffName: staff.name, action, customerId, ...extra }, ctx.now());
  const customerIdOf = (params: { customerId: string }): number => {
    if (!isRowId(params.customerId)) throw new HttpError(404, STAFF_TEXTS.customerNotFound, 'NOT_FOUND');
    return Number(params.customerId);
  };

  // Sign-in, step 1: the password, under the customers' burst-safe limits, with a budget of its own
  // for a browser the member signed in from before (staff/signIn.ts, docs/limits.md).
  staffRoute(app, ctx, staffEndpoints.login, async ({ body, request }) => {
    const { staff, browserHash } = await checkStaffPassword(ctx, request, body);
    const sessionId = randomUUID();
    await store.staff.startSession(sessionId, staff.id, ctx.now(), browserHash);
    request.log.info({ staffId: staff.id, sessionId }, 'staff password accepted');
    return {
      challenge: await ctx.staffTokens.issue('challenge', { staffId: staff.id, sessionId }),
      next: nextStep(staff),
    };
  });

  // Step 2 at the first sign-in: the one-time password replaced by the member's own.
  staffRoute(app, ctx, staffEndpoints.choosePassword, async ({ staff: session, body, request }) => {
    const passwordHash = await hashPassword(body.newPassword);
    // Every other sign-in of the account ends: one opened with the one-time password by somebody else
    // cannot go on to set up a second factor of their own.
    const chosen = await store.transaction(async (tx) => {
      if (!(await tx.staff.setChosenPassword(session.staffId, passwordHash))) return false;
      await tx.staff.endOtherSessions(session.staffId, session.sessionId, ctx.now());
      return true;
    });
    if (!chosen) throw new HttpError(409, STAFF_TEXTS.stepDone, 'CONFLICT');
    await audit(session, 'staff.password-chosen', null);
    return { challenge: bearerToken(request)!, next: nextStep(await memberOf(session)) };
  });

  // Step 3 until a second factor is set up: a new secret, shown once as a QR code and as text.
  staffRoute(app, ctx, staffEndpoints.totpSetup, async ({ staff: session }) => {
    const staff = await memberOf(session);
    if (nextStep(staff) !== 'totp-setup') throw new HttpError(409, STAFF_TEXTS.stepDone, 'CONFLICT');
    const secret = newTotpSecret();
    if (!(await store.staff.offerTotp(staff.id, seal(ctx.keys.sealing, secret)))) {
      throw new HttpError(409, STAFF_TEXTS.stepDone, 'CONFLICT');
    }
    return { secret, ...(await totpSetup(secret, staff.email)) };
  });

  // Last step: the authenticator's code. Right, unused and of the secret offered: the session is signed in.
  staffRoute(app, ctx, staffEndpoints.totp, async ({ staff: session, body, request }) => {
    const staff = await memberOf(session);
    if (staff.must_change_password || !staff.totp_sealed) throw new HttpError(409, STAFF_TEXTS.stepDone, 'CONFLICT');
    const guard = { key: `staff-totp:${staff.id}`, max: WRONG_CODES, windowSeconds: 15 * 60 };
    const reserved = await ctx.limits.reserve([guard]);
    if (!reserved.ok) {
      logRefusal(request, 'staff.code.failed', {
        reason: 'limited',
        staffId: staff.id,
        retryAfter: reserved.retryAfter,
      });
      throw tooManyRequests(STAFF_TEXTS.tooManyCodes, reserved.retryAfter, 'TOO_MANY_ATTEMPTS');
    }
    const now = ctx.now();
    let taken = false;
    try {
      const step = totpStep(unseal(ctx.keys.sealing, staff.totp_sealed), body.code, now);
      taken = step !== null && (await store.staff.takeTotpStep(staff.id, step, staff.totp_sealed, now));
    } finally {
      await ctx.limits.settle([guard], !taken);
    }
    if (!taken) {
      logRefusal(request, 'staff.code.failed', { reason: 'wrong-code', staffId: staff.id });
      await audit(session, 'staff.totp.failed', null, { after: { address: request.ip } });
      throw new HttpError(400, STAFF_TEXTS.wrongCode, 'WRONG_CODE');
    }
    if (!(await store.staff.completeSession(session.sessionId, now))) {
      throw new HttpError(409, STAFF_TEXTS.stepDone, 'CONFLICT');
    }
    // A full sign-in: its browser now has a budget of tries of its own (docs/limits.md).
    await store.staff.rememberBrowser(session.sessionId, now);
    await audit(session, staff.totp_confirmed_at ? 'staff.sign-in' : 'staff.sign-in.totp-set-up', null);
    request.log.info({ staffId: staff.id, sessionId: session.sessionId }, 'staff signed in');
    return {
      token: await ctx.staffTokens.issue('staff', { staffId: staff.id, sessionId: session.sessionId }),
      staff: { id: staff.id, name: staff.name, email: staff.email, role: staff.role },
      idleMinutes: STAFF_IDLE_MINUTES,
    };
  });

  staffRoute(app, ctx, staffEndpoints.me, async ({ staff }) => ({
    id: staff.staffId,
    name: staff.name,
    email: staff.email,
    role: staff.role,
  }));

  // Signing out is in the trail, once however many tabs send it.
  staffRoute(app, ctx, staffEndpoints.logout, async ({ staff, reply }) => {
    const now = ctx.now();
    await store.transaction(async (tx) => {
      if (await tx.staff.endSession(staff.sessionId, now))
        await tx.audit.record(
          { staffId: staff.staffId, staffName: staff.name, action: 'staff.signout', customerId: null },
          now,
        );
    });
    return reply.code(204).send();
  });

  // Finding customers: the search itself is recorded, with what was asked.
  staffRoute(app, ctx, staffEndpoints.searchCustomers, async ({ staff, body }) => {
    const { q, page } = body;
    const phone = q.includes('@') ? null : (usernameOf(q)?.value ?? null);
    const { rows, total } = await store.customers.search(q, phone, PAGE_SIZE, (page - 1) * PAGE_SIZE);
    await audit(staff, 'customer.search', null, { reason: q });
    return { items: rows.map(customerSummary), page, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
  });

  staffRoute(app, ctx, staffEndpoints.customer, async ({ staff, params }) => {
    const customerId = customerIdOf(params);
    const row = await store.customers.summary(customerId);
    if (!row) throw new HttpError(404, STAFF_TEXTS.customerNotFound, 'NOT_FOUND');
    await audit(staff, 'customer.view', customerId);
    return customerSummary(row);
  });

  staffRoute(app, ctx, staffEndpoints.block, async ({ staff, params, body }) =>
    setCustomerBlocked(store, staff, customerIdOf(params), true, body.reason, ctx.now()),
  );
  staffRoute(app, ctx, staffEndpoints.unblock, async ({ staff, params, body }) =>
    setCustomerBlocked(store, staff, customerIdOf(params), false, body.reason, ctx.now()),
  );

  /** The customer, who must exist, with the read recorded in the audit trail. */
  const readCustomer = async (staff: StaffSession, params: { customerId: string }, what: string) => {
    const customerId = customerIdOf(params);
    if (!(await store.customers.summary(customerId))) {
      throw new HttpError(404, STAFF_TEXTS.customerNotFound, 'NOT_FOUND');
    }
    await audit(staff, `customer.read.${what}`, customerId);
    return customerId;
  };

  staffRoute(app, ctx, staffEndpoints.customerPayments, async ({ staff, params }) =>
    paymentHistory(store, await readCustomer(staff, params, 'payments')),
  );

  staffRoute(app, ctx, staffEndpoints.customerInvoice, async ({ staff, params }) => {
    const invoice = await invoiceOf(store, params.orderNumber, await readCustomer(staff, params, 'invoice'));
    if (!invoice) throw new HttpError(404, STAFF_TEXTS.paymentNotFound, 'NOT_FOUND');
    return invoice;
  });

  // The invoice e-mailed again, as the receipt was: through the outbox, in one transaction with its audit entry.
  staffRoute(app, ctx, staffEndpoints.resendInvoice, async ({ staff, params, reply }) => {
    const customerId = customerIdOf(params);
    const invoice = await invoiceOf(store, params.orderNumber, customerId);
    if (!invoice) throw new HttpError(404, STAFF_TEXTS.paymentNotFound, 'NOT_FOUND');
    // A customer's inbox is not the console's to flood: 5 invoices sent again an hour.
    const taken = await ctx.limits.take([{ key: `staff-resend:${customerId}`, max: 5, windowSeconds: 3600 }]);
    if (!taken.ok) throw tooManyRequests(STAFF_TEXTS.tooManyResends, taken.retryAfter, 'TOO_MANY_RESENDS');
    await store.transaction(async (tx) => {
      await notifyCustomer(
        tx,
        ctx.notifier,
        customerId,
        NOTICES.invoiceCopy({
          plan: invoice.paymentData.name,
          amountFening: toFening(invoice.amount),
          orderNumber: invoice.orderNumber,
        }),
      );
      await tx.audit.record(
        {
          staffId: staff.staffId,
          staffName: staff.name,
          action: 'invoice.resend',
          customerId,
          after: { orderNumber: invoice.orderNumber },
        },
        ctx.now(),
      );
    });
    return reply.code(204).send();
  });

  staffRoute(app, ctx, staffEndpoints.refund, async ({ staff, params, body, request }) => {
    const customerId = customerIdOf(params);
    const refund = await refundOrder(
      { store, gateway: ctx.payments.gateway, notifier: ctx.notifier, now: ctx.now, log: request.log },
      staff,
      {
        customerId,
        orderNumber: params.orderNumber,
        amountFening: toFening(Number(body.amount.replace(',', '.'))),
        reason: body.reason,
        key: body.key,
        after: body.after,
      },
    );
    return {
      creditNoteNumber: refund.credit_note_number,
      orderNumber: refund.order_number,
      amount: fromFening(refund.amount_fening),
      status: refund.status,
    };
  });

  // The customer's signed-in devices, as their own page lists them (none is the asking one here).
  const devicesOf = (customerId: number) =>
    signedInDevices(store, customerId, NO_CURRENT_SESSION, {
      now: ctx.now,
      refreshWindowDays: ctx.config.refreshWindowDays,
    });
  staffRoute(app, ctx, staffEndpoints.customerDevices, async ({ staff, params }) =>
    devicesOf(await readCustomer(staff, params, 'devices')),
  );

  // One device signed out, or all of them: their next call is refused.
  staffRoute(app, ctx, staffEndpoints.signOut, async ({ staff, params, body }) => {
    const customerId = customerIdOf(params);
    const now = ctx.now();
    await store.transaction(async (tx) => {
      if (body.sessionId) {
        if (!(await tx.sessions.end(customerId, body.sessionId, now))) {
          throw new HttpError(404, STAFF_TEXTS.deviceNotFound, 'NOT_FOUND');
        }
      } else {
        if (!(await tx.customers.summary(customerId))) {
          throw new HttpError(404, STAFF_TEXTS.customerNotFound, 'NOT_FOUND');
        }
        await tx.sessions.endOthers(customerId, null, now);
      }
      await tx.audit.record(
        {
          staffId: staff.staffId,
          staffName: staff.name,
          action: body.sessionId ? 'device.sign-out' : 'device.sign-out-all',
          customerId,
          reason: body.reason,
          after: body.sessionId ? { sessionId: body.sessionId } : undefined,
        },
        now,
      );
    });
    return devicesOf(customerId);
  });

  // The code of a password reset the customer started, sent again (a lost SMS): the customer's own
  // limits apply (five resends an hour), and the audit trail says who asked.
  staffRoute(app, ctx, staffEndpoints.resendCode, async ({ staff, params, reply }) => {
    const customerId = customerIdOf(params);
    const reset = await store.verifications.openResetOf(customerId);
    if (!reset || !(await resendCode(ctx, reset.id, 'PASSWORD_RESET'))) {
      throw new HttpError(409, STAFF_TEXTS.noOpenReset, 'CONFLICT');
    }
    await audit(staff, 'code.resend', customerId);
    return reply.code(204).send();
  });

  staffRoute(app, ctx, staffEndpoints.customerMessages, async ({ staff, params }) => {
    const customerId = await readCustomer(staff, params, 'messages');
    const contact = await store.customers.contactOf(customerId);
    const addresses = [contact?.email, contact?.phone_number].filter((a): a is string => !!a);
    const rows = await store.outbox.sentTo(addresses, 50);
    return rows.map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      channel: row.channel,
      to: row.to_address,
      subject: row.meta.subject ?? null,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    }));
  });

  staffRoute(app, ctx, staffEndpoints.extend, async ({ staff, params, body }) =>
    extendPeriod(store, staff, customerIdOf(params), body.days, body.reason, ctx.now()),
  );

  staffRoute(app, ctx, staffEndpoints.customerAudit, async ({ staff, params }) => {
    const rows = await store.audit.list({ customerId: await readCustomer(staff, params, 'audit'), limit: 100 });
    return auditPage(rows, 100);
  });

  staffRoute(app, ctx, staffEndpoints.audit, async ({ staff, query }) => {
    const limit = 100;
    const rows = await store.audit.list(auditFilter(query, limit));
    await audit(staff, 'audit.read', query.customer ? Number(query.customer) : null);
    return auditPage(rows, limit);
  });

  // The same entries as a file for a spreadsheet, at most 10 000 at once (narrow the dates for more).
  staffRoute(app, ctx, staffEndpoints.auditCsv, async ({ staff, query, reply }) => {
    const rows = await store.audit.list(auditFilter(query, 10_000));
    await audit(staff, 'audit.export', query.customer ? Number(query.customer) : null);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="revizija.csv"')
      .send(auditCsv(rows));
  });
}
