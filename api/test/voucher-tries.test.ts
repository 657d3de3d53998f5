/**
 * Voucher tries from one client address (docs/limits.md, "Voucher codes"): customers behind it (a
 * household, a carrier's shared address) typing junk or a used code never lock each other out; only
 * well-formed codes that are no voucher count against it, up to a cap a guesser spreading over accounts
 * meets. On each engine, in bursts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newVoucherCode } from '../src/money/vouchers/codes';
import { customerToken, engines, staffToken, startApi, testCustomer, type StartedApi } from './harness';

const BURST = 100;
/** Well-formed codes that are no voucher, per address an hour (docs/limits.md, "Voucher codes"). */
const ADDRESS_CAP = 100;
/** `code` with one character changed: malformed, as the check character catches every such typo. */
const typo = (code: string) => code.slice(0, 5) + (code[5] === 'A' ? 'B' : 'A') + code.slice(6);

for (const engine of engines()) {
  describe(`voucher tries from one address on ${engine}`, () => {
    let api: StartedApi;
    let admin: string;

    before(async () => {
      // CODE_LIMIT_CLIENT as a production server has it: code messages' cap, which voucher tries are not held to.
      api = await startApi({
        engine,
        env: { LOGIN_LIMIT_CLIENT: '100000', CODE_LIMIT_CLIENT: '10', TRUST_PROXY: '1', SANDBOX: '1' },
      });
      admin = await staffToken(api, 'admin@ontv.ba', 'admin');
    });
    after(async () => {
      await api?.close();
    });

    const customer = async () => {
      const made = await testCustomer(api.db, {
        nextPaymentOn: '2026-02-20',
        plan: 'starton',
        status: 'EXPIRED',
        card: null,
      });
      return { ...made, token: await customerToken(api, made.email) };
    };
    const batchOf = async (count: number) => {
      const issued = await api.call('POST', '/staff/voucher-batches', {
        token: admin,
        body: { plan: 'starton', months: 2, count, validUntil: '2026-06-30', label: 'Kiosk Sarajevo' },
      });
      assert.equal(issued.status, 200, JSON.stringify(issued.body));
      return issued.body as { codes: string[] };
    };
    const redeem = (token: string, code: string, ip: string) =>
      api.call('POST', '/customer/redeem-voucher', { token, body: { code }, headers: { 'x-forwarded-for': ip } });

    it('lets customers behind one address type junk without locking each other out; one who hammers is limited alone', async () => {
      const ip = '10.6.0.1';
      const { codes } = await batchOf(10);
      const household = await Promise.all(Array.from({ length: 10 }, () => customer()));
      const hammerer = await customer();
      // Typos the check character catches, and junk: 4 each, and 100 at once from one account.
      const junk = household.flatMap((c, i) =>
        [typo(codes[i]!), typo(newVoucherCode()), 'ABCD-EFGH-JKLM', 'mbon'].map((code) => redeem(c.token, code, ip)),
      );
      const hammered = Array.from({ length: BURST }, () => redeem(hammerer.token, typo(newVoucherCode()), ip));
      const [typed, hammering] = await Promise.all([Promise.all(junk), Promise.all(hammered)]);
      assert.deepEqual(
        typed.map((a) => a.body.code),
        typed.map(() => 'WRONG_VOUCHER'),
      );
      assert.equal(hammering.filter((a) => a.body.code === 'WRONG_VOUCHER').length, 10);
      assert.equal(hammering.filter((a) => a.status === 429).length, BURST - 10);
      // Each customer then redeems their own code from the same address; the hammerer's account waits.
      const redeemed = await Promise.all(household.map((c, i) => redeem(c.token, codes[i]!, ip)));
      assert.deepEqual(
        redeemed.map((a) => a.status),
        household.map(() => 200),
        JSON.stringify(redeemed.map((a) => a.body)),
      );
      const { codes: mine } = await batchOf(1);
      assert.equal((await redeem(hammerer.token, mine[0]!, ip)).status, 429);
    });

    it(`stops ${ADDRESS_CAP} well-formed guesses an hour from one address, spread over accounts`, async () => {
      const ip = '10.7.0.1';
      const guessers = await Promise.all(Array.from({ length: 12 }, () => customer()));
      // Each account guesses up to its own cap (10); together they pass the address's.
      const answers = await Promise.all(
        guessers.flatMap((c) => Array.from({ length: 10 }, () => redeem(c.token, newVoucherCode(), ip))),
      );
      const looked = answers.filter((a) => a.body.code === 'WRONG_VOUCHER').length;
      const limited = answers.filter((a) => a.status === 429);
      assert.equal(looked, ADDRESS_CAP);
      assert.equal(limited.length, 12 * 10 - ADDRESS_CAP);
      for (const a of limited) assert.match(a.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
      // A well-formed code from that address waits, a right one too; from another address it is looked at.
      const { codes } = await batchOf(1);
      const next = await customer();
      assert.equal((await redeem(next.token, codes[0]!, ip)).status, 429);
      assert.equal((await redeem(next.token, typo(codes[0]!), ip)).body.code, 'WRONG_VOUCHER', 'a typo is answered');
      assert.equal((await redeem(next.token, codes[0]!, '10.7.0.2')).status, 200);
    });

    it('counts a code that is a voucher, used or not, against the account only', async () => {
      const ip = '10.5.0.1';
      const { codes } = await batchOf(1);
      const owner = await customer();
      assert.equal((await redeem(owner.token, codes[0]!, ip)).status, 200);
      // Customers behind one address keep typing the code already used, one try after another each: more
      // than the address's cap together, each within their own. (A try holds its place until it is answered.)
      const others = await Promise.all(Array.from({ length: 11 }, () => customer()));
      const answers = (
        await Promise.all(
          others.map(async (c) => {
            const mine = [];
            for (let i = 0; i < 10; i += 1) mine.push(await redeem(c.token, codes[0]!, ip));
            return mine;
          }),
        )
      ).flat();
      assert.ok(answers.length > ADDRESS_CAP);
      assert.ok(answers.every((a) => a.body.code === 'VOUCHER_USED'));
      assert.equal((await redeem(others[0]!.token, codes[0]!, ip)).status, 429, 'the account has had its 10');
    });
  });
}
