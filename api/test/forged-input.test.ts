/**
 * Input that cannot forge what others read (product.md §5): one plain mailbox per e-mail address, never a
 * group or a list; names, device names and card-holder fields on one line of plain text, in NFC,
 * without control characters or bidirectional overrides.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_CUSTOMER } from '../src/db/seed';
import { smtpTransport, DeliveryError } from '../src/delivery/transports';
import { CARD_HOLDER, device, engines, startApi, type StartedApi } from './harness';

/** Address syntax that mail libraries read as another recipient, a group or a list. */
const FORGED_ADDRESSES = [
  'g1:victim@x.ba;',
  '"x" <victim@x.ba>',
  '"x"<victim@x.ba>',
  'a@x.ba, victim@x.ba',
  'a@x.ba,victim@x.ba',
  'a@x.ba;victim@x.ba',
  'victim@x.ba (komentar)',
  '<victim@x.ba>',
];
/** Text that prints as more than it is: a line break, a carriage return, a tab, NUL's neighbours, a bidirectional override and isolate. */
const FORGED_TEXT = [
  'Ana\nRačun plaćen',
  'Ana\rNovi uređaj',
  'Ana\tHodžić',
  'Ana\u0007',
  'Ana \u202Eexe.fdp',
  'Ana \u2066x\u2069',
  'Ana\u2028Novi red',
];

describe('the mail transport', () => {
  it('refuses anything but one plain mailbox, before it talks to a server, as a permanent failure', async () => {
    const transport = smtpTransport('smtp://127.0.0.1:9', 'ON TV <no-reply@ontv.ba>');
    try {
      for (const to of FORGED_ADDRESSES) {
        await assert.rejects(
          transport.send({
            to,
            subject: 'Kod',
            text: 'x',
            html: '<p>x</p>',
            attachments: [],
            messageId: '<outbox-1@ontv.portal>',
          }),
          (error: unknown) =>
            error instanceof DeliveryError && error.permanent && /one plain mailbox/.test(error.message),
          to,
        );
      }
    } finally {
      transport.close();
    }
  });
});

for (const engine of engines()) {
  describe(`input that cannot forge on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine, env: { LOGIN_LIMIT_CLIENT: '100000', LOGIN_LIMIT_ACCOUNT: '100000' } });
    });
    after(async () => {
      await api?.close();
    });

    const logIn = async (extra: Record<string, string> = {}) =>
      api.call('POST', '/login', {
        body: { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, ...device, ...extra },
      });

    it('registers and resets only plain mailboxes: a group, a list or a display name gets 400 and no code goes out', async () => {
      for (const username of FORGED_ADDRESSES) {
        const started = await api.call('POST', '/start-registration', {
          body: { ...device, deviceType: 'PHONE', osType: 1, registrationType: 'EMAIL', username },
        });
        assert.equal(started.status, 400, `${username}: ${JSON.stringify(started.body)}`);
        assert.equal((started.body as { message: string }).message, 'Unesi ispravnu e-mail adresu.');
      }
      const [sent] = await api.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox WHERE to_address LIKE '%victim%'`,
      );
      assert.equal(sent!.n, 0, 'nothing was sent to the victim');
      const plain = await api.call('POST', '/start-registration', {
        body: {
          ...device,
          deviceType: 'PHONE',
          osType: 1,
          registrationType: 'EMAIL',
          username: 'Ana.Hodzic+tv@Primjer.ba',
        },
      });
      assert.equal(plain.status, 200, 'a plain mailbox, tags and capitals included');
    });

    it('refuses a device name that would forge a line of the new-device notice, and keeps an ordinary one', async () => {
      for (const deviceName of FORGED_TEXT) {
        const answer = await logIn({ deviceName });
        assert.equal(answer.status, 400, JSON.stringify(deviceName));
        assert.match(
          JSON.stringify(answer.body),
          /deviceName: Unesi običan tekst u jednom redu, bez posebnih nevidljivih znakova\./,
        );
      }
      assert.equal((await logIn({ deviceName: 'Chrome na Windowsu — Sarajevo' })).status, 200);
    });

    it('refuses card-holder fields that would forge a line of the invoice, and stores names in NFC', async () => {
      const token = ((await logIn()).body as { token: string }).token;
      const created = await api.call('POST', '/credit-card', { token });
      assert.equal(created.status, 200);
      const { code } = created.body as { code: string };
      for (const field of ['fullName', 'address', 'city'] as const) {
        for (const value of FORGED_TEXT) {
          const answer = await api.call('PATCH', `/credit-card/${code}`, {
            token,
            body: { ...CARD_HOLDER, [field]: value },
          });
          assert.equal(answer.status, 400, `${field} ${JSON.stringify(value)}`);
        }
      }
      for (const email of FORGED_ADDRESSES) {
        assert.equal(
          (await api.call('PATCH', `/credit-card/${code}`, { token, body: { ...CARD_HOLDER, email } })).status,
          400,
          email,
        );
      }
      // 'Marić' typed as c and a combining acute accent is stored as the one letter ć.
      assert.equal(
        (
          await api.call('PATCH', `/credit-card/${code}`, {
            token,
            body: { ...CARD_HOLDER, fullName: 'Ana Maric\u0301' },
          })
        ).status,
        200,
      );
      const [row] = await api.db.query<{ full_name: string }>('SELECT full_name FROM credit_cards WHERE code = $1', [
        code,
      ]);
      assert.equal(row!.full_name, 'Ana Mari\u0107');
    });
  });
}
