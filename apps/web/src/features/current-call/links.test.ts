import { describe, expect, it } from 'vitest';
import { callLinksOf, linkTo } from './links';

const configured = {
  payBill: 'https://pay.example.com/bill?src=cc',
  autoPay: 'https://pay.example.com/autopay',
  evaluation: 'https://eval.example.com/code',
  customerNo: 1001,
  zip: '605401234',
  propEvalCode: null,
};

describe('the external pages of a call', () => {
  it('pay a bill and autopay carry the customer and the zip cut to 5 digits, keeping the configured query', () => {
    expect(callLinksOf(configured)).toEqual([
      {
        label: 'Pay a Bill',
        href: 'https://pay.example.com/bill?src=cc&customer=1001&zip=60540',
        testId: 'link-pay-bill',
      },
      { label: 'Autopay', href: 'https://pay.example.com/autopay?customer=1001&zip=60540', testId: 'link-autopay' },
    ]);
    expect(callLinksOf({ ...configured, zip: '60540-1234' })[0]?.href).toContain('zip=60540');
  });

  it('the evaluation-code link shows only on a PropertyEval call, with its code', () => {
    const links = callLinksOf({ ...configured, propEvalCode: 'PE-77' });
    expect(links.map((l) => l.testId)).toEqual(['link-pay-bill', 'link-autopay', 'link-evaluation']);
    expect(links[2]).toEqual({
      label: 'Evaluation code PE-77',
      href: 'https://eval.example.com/code?code=PE-77&customer=1001',
      testId: 'link-evaluation',
    });
  });

  it('a page that is not configured (or not a URL) has no address, so it is shown as unavailable', () => {
    const links = callLinksOf({
      ...configured,
      payBill: null,
      autoPay: 'not a url',
      evaluation: '',
      propEvalCode: 'X',
    });
    expect(links.map((l) => l.href)).toEqual([null, null, null]);
    expect(linkTo(null, {})).toBeNull();
  });
});
