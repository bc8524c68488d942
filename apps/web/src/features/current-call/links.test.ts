import { describe, expect, it } from 'vitest';
import { callLinksOf, linkTo } from './links';

const configured = {
  payBill: 'https://pay.example.com/bill?src=cc',
  autoPay: 'https://pay.example.com/autopay',
  evaluation: 'https://eval.example.com/code',
  customerNo: 1001,
  sqldbid: 18001,
  zip: '605401234',
  propEvalCode: null,
  origin: 'http://cc.local:3000',
};

describe('the external pages of a call', () => {
  it('pay a bill and autopay carry the customer and the zip cut to 5 digits, keeping the configured query', () => {
    expect(callLinksOf(configured).slice(0, 2)).toEqual([
      {
        label: 'Pay a Bill',
        href: 'https://pay.example.com/bill?src=cc&customer=1001&zip=60540',
        testId: 'link-pay-bill',
      },
      {
        label: 'Autopay',
        href: 'https://pay.example.com/autopay?customer=1001&zip=60540&sqldbid=18001',
        testId: 'link-autopay',
      },
    ]);
    expect(callLinksOf({ ...configured, zip: '60540-1234' })[0]?.href).toMatch(/zip=60540$/);
  });

  it('the evaluation link is on every call, with the code when the call has one', () => {
    expect(callLinksOf({ ...configured, propEvalCode: 'PE-77' })[2]).toEqual({
      label: 'Evaluation code PE-77',
      href: 'https://eval.example.com/code?code=PE-77&customer=1001&sqldbid=18001',
      testId: 'link-evaluation',
    });
    expect(callLinksOf({ ...configured, propEvalCode: ' ' })[2]).toEqual({
      label: 'Evaluation',
      href: 'https://eval.example.com/code?customer=1001&sqldbid=18001',
      testId: 'link-evaluation',
    });
  });

  it("relative addresses (the demonstration pages) resolve against the app's origin", () => {
    expect(callLinksOf({ ...configured, payBill: '/demo/pay-a-bill' })[0]?.href).toBe(
      'http://cc.local:3000/demo/pay-a-bill?customer=1001&zip=60540',
    );
  });

  it('a page that is not configured (or not a URL) has no address, so it is shown as unavailable', () => {
    const links = callLinksOf({ ...configured, payBill: null, autoPay: 'http://', evaluation: '', propEvalCode: 'X' });
    expect(links.map((l) => l.href)).toEqual([null, null, null]);
    expect(linkTo(null, {})).toBeNull();
    expect(linkTo('/relative', {})).toBeNull();
  });
});
