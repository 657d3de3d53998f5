import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router, memoryHistory } from '@portal/shared';
import { TestProviders } from '@portal/shared/testing';
import type { VoucherBatch, VoucherFound } from '@portal/shared/contract/support';
import { AuditTable } from '../audit/AuditTable';
import { endSession } from '../api/session';
import { answering, leaveSupport, openFromNavigation } from '../testing';

const batch = (overrides: Partial<VoucherBatch> = {}): VoucherBatch => ({
  id: 7,
  planCode: 'starton',
  planName: 'StartON',
  months: 1,
  count: 100,
  redeemed: 3,
  validUntil: '2027-06-30',
  label: 'Kiosk Sarajevo',
  issuedAt: '2026-11-20T09:00:00Z',
  issuedBy: 'Lejla Podrška',
  cancelledAt: null,
  cancelledBy: null,
  ...overrides,
});

const prices = {
  today: '2026-11-27',
  noticeDays: 30,
  packages: [
    { code: 'starton', name: 'StartON', price: 14.9, scheduled: [], history: [], promos: [] },
    { code: 'maxon', name: 'MaxON', price: 24.9, scheduled: [], history: [], promos: [] },
  ],
};

async function openVouchers(role: 'agent' | 'admin') {
  await openFromNavigation(role, 'Vaučeri');
  return within(await screen.findByRole('table', { name: 'Serije vaučera' }));
}

/** The files handed to the browser to save: URL.createObjectURL's Blobs, and the names they were saved under. */
function catchDownloads() {
  const files: Blob[] = [];
  const names: string[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      files.push(blob);
      return `blob:test/${files.length}`;
    },
    revokeObjectURL: () => undefined,
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { files, names };
}

const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

describe('vouchers in the console', () => {
  beforeEach(() => endSession());
  afterEach(() => {
    leaveSupport();
    jest.restoreAllMocks();
  });

  it('lets an admin issue a batch and downloads its CSV at once', async () => {
    let list = [batch()];
    const issuedBatch = batch({
      id: 8,
      planCode: 'maxon',
      planName: 'MaxON',
      months: 3,
      count: 2,
      redeemed: 0,
      label: 'Pošta Tuzla',
    });
    const { sent } = answering({
      'GET /staff/voucher-batches': () => ({ status: 200, data: list }),
      'GET /staff/prices': { status: 200, data: prices },
      'POST /staff/voucher-batches': () => {
        list = [issuedBatch, ...list];
        return { status: 200, data: { batch: issuedBatch, codes: ['ABCDEFGHJKLMNPQR', 'STUVWXYZ23456789'] } };
      },
    });
    const downloads = catchDownloads();
    const user = userEvent.setup();
    const table = await openVouchers('admin');
    expect(table.getByText('Kiosk Sarajevo')).toBeTruthy();
    expect(table.getByText('3 od 100')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Izdaj seriju' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Nova serija vaučera' }));
    await user.click(dialog.getByRole('radio', { name: 'MaxON' }));
    await user.clear(dialog.getByLabelText('Broj mjeseci'));
    await user.type(dialog.getByLabelText('Broj mjeseci'), '3');
    await user.type(dialog.getByLabelText('Broj vaučera'), '2');
    await user.type(dialog.getByLabelText('Važi do (GGGG-MM-DD)'), '2027-06-30');
    await user.type(dialog.getByLabelText('Oznaka (npr. prodajno mjesto)'), 'Pošta Tuzla');
    await user.click(dialog.getByRole('button', { name: 'Potvrdi' }));

    expect(await screen.findByText('Izdato 2 vaučera (serija 8). CSV je preuzet.')).toBeTruthy();
    expect(await screen.findByText('Pošta Tuzla')).toBeTruthy();
    const post = sent.find((config) => config.method === 'post')!;
    expect(JSON.parse(String(post.data))).toEqual({
      plan: 'maxon',
      months: 3,
      count: 2,
      validUntil: '2027-06-30',
      label: 'Pošta Tuzla',
    });
    expect(downloads.names).toEqual(['vauceri-serija-8.csv']);
    expect(await readBlob(downloads.files[0]!)).toBe(
      'kod,paket,mjeseci,vazi_do,oznaka,serija\r\n' +
        '"ABCD-EFGH-JKLM-NPQR","MaxON","3","2027-06-30","Pošta Tuzla","8"\r\n' +
        '"STUV-WXYZ-2345-6789","MaxON","3","2027-06-30","Pošta Tuzla","8"\r\n',
    );
  });

  it('lets an admin cancel a batch with a reason', async () => {
    let list = [batch()];
    const { sent } = answering({
      'GET /staff/voucher-batches': () => ({ status: 200, data: list }),
      'POST /staff/voucher-batches/7/cancel': () => {
        list = [batch({ cancelledAt: '2026-11-27T10:00:00Z', cancelledBy: 'Lejla Podrška' })];
        return { status: 200, data: list[0] };
      },
    });
    const user = userEvent.setup();
    await openVouchers('admin');
    await user.click(screen.getByRole('button', { name: 'Povuci seriju 7' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Povući seriju 7?' }));
    await user.type(dialog.getByLabelText('Razlog'), 'Kiosk zatvoren');
    await user.click(dialog.getByRole('button', { name: 'Potvrdi' }));
    expect(await screen.findByText('Serija 7 je povučena.')).toBeTruthy();
    expect(await screen.findByText('Povučena 27.11.2026. (Lejla Podrška)')).toBeTruthy();
    expect(JSON.parse(String(sent.find((config) => config.method === 'post')!.data))).toEqual({
      reason: 'Kiosk zatvoren',
    });
  });

  it('shows an agent the batches with no way to issue or cancel', async () => {
    answering({ 'GET /staff/voucher-batches': { status: 200, data: [batch()] } });
    const table = await openVouchers('agent');
    expect(table.getByText('Kiosk Sarajevo')).toBeTruthy();
    expect(screen.getByText('Serije izdaje i povlači administrator.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Izdaj seriju' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Povuci seriju/ })).toBeNull();
  });

  it('lets an agent look a code up by its last four characters', async () => {
    const found: VoucherFound[] = [
      { lastFour: 'NPQR', batch: batch(), redeemedAt: '2026-11-25T12:00:00Z', customerId: 42, monthsLeft: 0 },
    ];
    const { sent } = answering({
      'GET /staff/voucher-batches': { status: 200, data: [batch()] },
      'GET /staff/vouchers': { status: 200, data: found },
    });
    const user = userEvent.setup();
    await openVouchers('agent');
    await user.type(screen.getByLabelText('Posljednja 4 znaka koda'), 'NPQR');
    await user.click(screen.getByRole('button', { name: 'Provjeri' }));
    const result = within(await screen.findByRole('table', { name: 'Pronađeni vaučeri' }));
    expect(result.getByText('…NPQR')).toBeTruthy();
    expect(result.getByText('Iskorišten 25.11.2026.')).toBeTruthy();
    expect(result.getByRole('link', { name: '42' })).toHaveAttribute('href', '/podrska/kupci/42');
    expect(sent.find((config) => config.url === '/staff/vouchers')!.params).toEqual({ last: 'NPQR' });
    expect(screen.getByLabelText('Posljednja 4 znaka koda')).toHaveValue('NPQR');
  });

  it("names the voucher actions in the audit trail's own words", async () => {
    const entry = (id: number, action: string) => ({
      id,
      at: '2026-11-27T09:00:00Z',
      staffId: 1,
      staffName: 'Lejla Podrška',
      action,
      customerId: null,
      reason: null,
      before: null,
      after: null,
    });
    render(
      <TestProviders>
        <Router history={memoryHistory('/podrska/zapisnik')}>
          <AuditTable items={[entry(1, 'voucher.issue'), entry(2, 'voucher.cancel'), entry(3, 'voucher.lookup')]} />
        </Router>
      </TestProviders>,
    );
    expect(screen.getByText('Izdavanje vaučera')).toBeTruthy();
    expect(screen.getByText('Povlačenje serije vaučera')).toBeTruthy();
    expect(screen.getByText('Provjera vaučera')).toBeTruthy();
  });
});
