import { describe, expect, it } from 'vitest';
import { END_CALL_ERROR_TITLE } from '@cc/domain';
import { isEnding, isWorking, phaseAfterCheck, phaseAfterFailure, type EndCallPhase } from './end-call-phase';
import type { EndCallSummary } from './end-call';

const sale: EndCallSummary = { result: 'Sale', orderTotal: 12_000, followUp: '', callbackAt: null };
const noAnswer: EndCallSummary = { ...sale, result: 'No Answer', orderTotal: null };

describe('where the check of a call leads', () => {
  it('shows the first problem: the survey alert, or the error dialog with its message', () => {
    expect(phaseAfterCheck({ kind: 'survey' }, sale, 'a@b.com')).toEqual({ name: 'survey' });
    expect(phaseAfterCheck({ kind: 'dialog', title: 'T', message: 'M' }, sale, 'a@b.com')).toEqual({
      name: 'problem',
      title: 'T',
      message: 'M',
    });
  });

  it('confirms with the email when the customer has an address', () => {
    expect(phaseAfterCheck(null, sale, 'a@b.com')).toEqual({ name: 'confirm', summary: sale, sendEmail: true });
  });

  it('asks first about a customer without an address (blank counts as none)', () => {
    expect(phaseAfterCheck(null, sale, undefined)).toEqual({ name: 'no-email', summary: sale });
    expect(phaseAfterCheck(null, sale, '  ')).toEqual({ name: 'no-email', summary: sale });
  });

  it('does not ask about the address when nobody was spoken to: no email goes out', () => {
    expect(phaseAfterCheck(null, noAnswer, undefined)).toEqual({
      name: 'confirm',
      summary: noAnswer,
      sendEmail: false,
    });
  });
});

describe('where a failed end-call request leads', () => {
  it("back to idle with a failing step's toast", () => {
    expect(phaseAfterFailure({ kind: 'toast', step: 'createOrder', message: 'Order failed' })).toEqual({
      phase: { name: 'idle' },
      toast: 'Order failed',
    });
  });
  it('to the survey alert or the error dialog for a refused request', () => {
    expect(phaseAfterFailure({ kind: 'survey' })).toEqual({ phase: { name: 'survey' } });
    expect(phaseAfterFailure({ kind: 'dialog', title: END_CALL_ERROR_TITLE, message: 'M' })).toEqual({
      phase: { name: 'problem', title: END_CALL_ERROR_TITLE, message: 'M' },
    });
  });
});

describe('the End Call button through the phases', () => {
  const phases: EndCallPhase[] = [
    { name: 'idle' },
    { name: 'checking' },
    { name: 'problem', title: 'T', message: 'M' },
    { name: 'survey' },
    { name: 'no-email', summary: sale },
    { name: 'confirm', summary: sale, sendEmail: true },
    { name: 'sending' },
  ];
  it('is held while an end is under way, and not while a problem is shown', () => {
    expect(phases.filter(isEnding).map((p) => p.name)).toEqual(['checking', 'no-email', 'confirm', 'sending']);
  });
  it('shows it is working while checking or sending', () => {
    expect(phases.filter(isWorking).map((p) => p.name)).toEqual(['checking', 'sending']);
  });
});
