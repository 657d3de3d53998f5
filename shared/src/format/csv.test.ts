import { describe, expect, it } from '@jest/globals';
import { voucherCsv } from '../contract/support/vouchers';
import { csvCell } from './csv';

describe('the CSV files the portal writes', () => {
  it('makes a cell that a spreadsheet would run as a formula inert, and quotes every cell', () => {
    expect(csvCell("=cmd|' /C calc'!A0")).toBe(`"'=cmd|' /C calc'!A0"`);
    for (const lead of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1`)).toBe(`"'${lead}1"`);
    expect(csvCell('Kiosk "Centar"')).toBe('"Kiosk ""Centar"""');
    expect(csvCell(null)).toBe('""');
  });

  it("writes a voucher batch's label as text, however it begins", () => {
    const batch = { id: 7, planName: 'StartON', months: 1, validUntil: '2027-06-30', label: "=cmd|' /C calc'!A0" };
    const [header, line] = voucherCsv(batch, ['ABCDEFGHJKLMNPQ']).split('\r\n');
    expect(header).toBe('kod,paket,mjeseci,vazi_do,oznaka,serija');
    expect(line).toBe(`"ABCD-EFGH-JKLM-NPQ","StartON","1","2027-06-30","'=cmd|' /C calc'!A0","7"`);
  });
});
